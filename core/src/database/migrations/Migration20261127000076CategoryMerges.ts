import { Migration } from '@mikro-orm/migrations';

/**
 * Category merges the admin edits: a spelling the rules of categoryKey cannot join to a category (a translation,
 * "Kaffeegeschäft" → "Cafe") is stored under that category by every canonicalisation pass, imports included.
 * `spelling_key` is categoryKey(spelling): one merge per spelling, whatever its case, accents or plural.
 * `canonical` is the category's stored spelling, written by each pass: the businesses of that category answer to
 * the merged spellings in search (beside their synonyms' phrases, so both engines index them).
 */
export class Migration20261127000076CategoryMerges extends Migration {
  override up(): void {
    this.addSql(`
      create table category_merges (
        id serial primary key,
        spelling text not null,
        spelling_key text not null unique,
        into_category text not null,
        into_key text not null,
        canonical text,
        created_at timestamptz not null default now())`);
    this.addSql(`create index category_merges_canonical on category_merges (canonical)`);
    this.addSql(`
      create or replace function search_synonym_phrases(name text, category text, type text) returns text
        language sql stable parallel safe
        as $$ select nullif(concat_ws(' ',
                (select string_agg(s.phrase, ' ' order by s.id)
                 from (select search_fold_words(concat_ws(' ', name, category, type)) as words offset 0) b
                 join search_synonyms s on b.words @> s.means_words),
                (select string_agg(m.spelling, ' ' order by m.id) from category_merges m where m.canonical = category)
              ), '') $$`);
  }
}
