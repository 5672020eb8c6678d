import { Migration } from '@mikro-orm/migrations';

/**
 * What the search index needs from the source of truth (DESIGN.md "Search engine port"):
 * - search_outbox: every write to businesses records the touched ids in the same transaction. One row per
 *   statement (an id array from the transition table), so a 1M-row COPY upsert adds one row, not a million,
 *   and a NOTIFY wakes the sync worker.
 * - search_fold / search_open_days / search_location_terms: immutable functions shared by every engine,
 *   so the document a business becomes is defined once, in SQL (search/src/sync/source.ts reads it).
 */
export class Migration20261122000020SearchOutbox extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists unaccent`);
    this.addSql(`create extension if not exists pg_trgm`);
    // unaccent() is only STABLE (it reads the dictionary by name); naming the dictionary makes the wrapper
    // safe to declare IMMUTABLE, which generated columns and expression indexes need.
    this.addSql(`
      create or replace function search_fold(value text) returns text
      language sql immutable strict parallel safe
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`);
    // Bit d (0 = Sunday) set when weekday d has hours other than 'Closed'; null when hours are absent or
    // malformed. Mirrors parseWorkingHours + isOpenOn (core/src/rules/opening-hours.ts). Parallel unsafe:
    // its exception blocks start subtransactions, which parallel workers cannot.
    this.addSql(`
      create or replace function search_open_days(hours text) returns int
      language plpgsql immutable parallel unsafe
      as $$
      declare
        doc jsonb;
        entry record;
        day int;
        text_value text;
        days int := 0;
        seen int := 0;
      begin
        if hours is null or left(btrim(hours), 1) <> '{' then return null; end if;
        begin
          doc := hours::jsonb;
        exception when others then
          begin
            -- Python dict text ({'Monday': '9AM-5PM'}) as some exports write it.
            doc := replace(replace(replace(replace(hours, '''', '"'), 'True', 'true'), 'False', 'false'), 'None', 'null')::jsonb;
          exception when others then
            return null;
          end;
        end;
        if jsonb_typeof(doc) <> 'object' then return null; end if;
        for entry in select key, value from jsonb_each(doc) loop
          day := array_position(array['sunday','monday','tuesday','wednesday','thursday','friday','saturday'],
                                lower(btrim(entry.key))) - 1;
          if day is null then return null; end if;
          if jsonb_typeof(entry.value) = 'string' then
            text_value := entry.value #>> '{}';
          elsif jsonb_typeof(entry.value) = 'array' then
            select coalesce(string_agg(coalesce(x, 'null'), ', '), '') into text_value
            from jsonb_array_elements_text(entry.value) x;
          else
            return null;
          end if;
          seen := seen + 1;
          if lower(btrim(text_value)) <> 'closed' then days := days | (1 << day); end if;
        end loop;
        return case when seen = 0 then null else days end;
      end $$`);
    // Folded places a location filter matches exactly: city, country name, country code, and each
    // comma-separated address part with and without its postal-code numbers. One expression (one fold of
    // the whole text, no per-part loop) because it runs for every business of a rebuild; duplicates are
    // harmless to the array-overlap filter.
    this.addSql(`
      create or replace function search_location_terms(city text, country text, country_code text, full_address text)
      returns text[]
      language sql immutable parallel safe
      as $$
        select array_remove(
          string_to_array(btrim(regexp_replace(regexp_replace(
            search_fold(coalesce(city, '') || ',' || coalesce(country, '') || ',' || coalesce(full_address, '')),
            '\\s+', ' ', 'g'), '\\s*,\\s*', ',', 'g')), ',')
          || string_to_array(btrim(regexp_replace(regexp_replace(regexp_replace(
            search_fold(coalesce(full_address, '')),
            '\\m[0-9][0-9-]*\\M', ' ', 'g'), '\\s+', ' ', 'g'), '\\s*,\\s*', ',', 'g')), ',')
          || lower(btrim(coalesce(country_code, ''))),
          '')
      $$`);

    this.addSql(`
      create table search_outbox (
        seq bigserial primary key,
        business_ids bigint[] not null,
        created_at timestamptz not null default clock_timestamp()
      )`);
    this.addSql(`
      create or replace function search_outbox_capture() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'DELETE' then
          insert into search_outbox (business_ids) select array_agg(id) from old_rows having count(*) > 0;
        else
          insert into search_outbox (business_ids) select array_agg(id) from new_rows having count(*) > 0;
        end if;
        perform pg_notify('search_outbox', '');
        return null;
      end $$`);
    // Transition tables allow one event per trigger, hence three.
    this.addSql(`
      create trigger businesses_search_outbox_insert after insert on businesses
      referencing new table as new_rows for each statement execute function search_outbox_capture()`);
    this.addSql(`
      create trigger businesses_search_outbox_update after update on businesses
      referencing new table as new_rows for each statement execute function search_outbox_capture()`);
    this.addSql(`
      create trigger businesses_search_outbox_delete after delete on businesses
      referencing old table as old_rows for each statement execute function search_outbox_capture()`);
    // Businesses stored before this migration reach the index through the first drain.
    this.addSql(`insert into search_outbox (business_ids) select array_agg(id) from businesses having count(*) > 0`);

    // Suggestions of the PostgreSQL engine look categories and cities up by folded prefix.
    this.addSql(`create index category_stats_fold_idx on category_stats (search_fold(category) text_pattern_ops)`);
    this.addSql(`create index city_stats_fold_idx on city_stats (search_fold(city) text_pattern_ops)`);
  }
}
