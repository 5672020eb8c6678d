import { Migration } from '@mikro-orm/migrations';

/**
 * search_open_days with a fast path for hours as Google exports write them (every key a day name as spelt
 * there, every value a string): the seven days are read by key in one expression instead of a loop over
 * jsonb_each, which ran a query per business (18 µs a business; now 10). Other shapes take the loop as before; the
 * answers are the same (checked over the 1.2M businesses of the bench and the edge cases of the loop:
 * lowercase keys, array values, "Closed" inside an array, unknown keys, Python dict text, empty objects).
 * Mirrors parseWorkingHours + isOpenOn (core/src/rules/opening-hours.ts), as before. `strict`: in lax mode `$.*` would unwrap an array value and let it pass for strings.
 */
export class Migration20261123000030SearchOpenDaysFastPath extends Migration {
  override up(): void {
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
            doc := replace(replace(replace(replace(hours, '''', '"'), 'True', 'true'), 'False', 'false'), 'None', 'null')::jsonb;
          exception when others then
            return null;
          end;
        end;
        if jsonb_typeof(doc) <> 'object' or doc = '{}'::jsonb then return null; end if;
        if doc - array['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] = '{}'::jsonb
           and not jsonb_path_exists(doc, 'strict $.* ? (@.type() != "string")') then
          return (case when lower(btrim(doc ->> 'Sunday')) <> 'closed' then 1 else 0 end)
            | (case when lower(btrim(doc ->> 'Monday')) <> 'closed' then 2 else 0 end)
            | (case when lower(btrim(doc ->> 'Tuesday')) <> 'closed' then 4 else 0 end)
            | (case when lower(btrim(doc ->> 'Wednesday')) <> 'closed' then 8 else 0 end)
            | (case when lower(btrim(doc ->> 'Thursday')) <> 'closed' then 16 else 0 end)
            | (case when lower(btrim(doc ->> 'Friday')) <> 'closed' then 32 else 0 end)
            | (case when lower(btrim(doc ->> 'Saturday')) <> 'closed' then 64 else 0 end);
        end if;
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
  }
}
