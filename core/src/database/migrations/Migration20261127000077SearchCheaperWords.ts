import { Migration } from '@mikro-orm/migrations';

/**
 * The same documents, computed for less (every business goes through these in a rebuild and in each sync):
 * - search_location_lexemes: a business carries ~70 location terms (a city's names in many languages); appending
 *   them one by one to an array cost ~85 µs a business. Now the terms are joined and cut once; only a text of terms
 *   that may not fit a lexeme (2,046 bytes) is walked term by term. A term is kept when it fits one (it was kept
 *   up to 200 characters: longer ones are parts of addresses nobody types).
 * - search_fold_words: STRICT with a body that is not (coalesce) kept PostgreSQL from inlining it, so each call ran
 *   an executor of its own (~27 µs). A null text now gives no words ('{}') instead of null; every caller passes text.
 * Measurements: bench/engine-notes.md "Rebuild".
 */
export class Migration20261127000077SearchCheaperWords extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function search_location_lexemes(terms text[])
      returns tsvector
      language plpgsql immutable parallel safe strict
      as $$
      declare
        present text[] := array_remove(array_remove(terms, ''), null);
        joined text := '~' || array_to_string(present, E'\\x1f~');
        cut text[];
        term text;
        kept text[] := '{}';
      begin
        -- Short enough that every term fits a lexeme, and no term holds the separator (one piece a term).
        if octet_length(joined) <= 2046 then
          cut := string_to_array(joined, E'\\x1f');
          if cardinality(cut) = cardinality(present) then return array_to_tsvector(cut); end if;
        end if;
        foreach term in array terms loop
          if octet_length(term) between 1 and 2045 then kept := array_append(kept, '~' || term); end if;
        end loop;
        return array_to_tsvector(kept);
      end $$`);
    this.addSql(`
      create or replace function search_fold_words(value text) returns text[]
        language sql immutable parallel safe
        as $$ select coalesce(array_remove(regexp_split_to_array(search_fold(value), '[^[:alnum:]]+'), ''), '{}') $$`);
  }
}
