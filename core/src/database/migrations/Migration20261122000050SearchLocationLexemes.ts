import { Migration } from '@mikro-orm/migrations';

/**
 * search_location_lexemes: a business's location terms (search_location_terms) as tsvector lexemes marked
 * with a leading `~`, which no word lexeme can carry (the text parser splits on it). The embedded search
 * engine adds them to its tsvector, so a keyword + location query is one GIN search that intersects both
 * inside the index, instead of two indexes the planner would not combine (it misjudges how many rows a
 * text match keeps) and tens of thousands of heap pages read and thrown away. Terms longer than a
 * sensible address part are left out: a lexeme is limited to 2 kB and such a term locates nothing.
 *
 * search_filter_lexemes: the category, country and city as `#c:`, `#cc:` and `#city:` lexemes, so the
 * engine's bounded count (any 1,001 matches) finds "bars in the Netherlands" by intersecting two posting
 * lists inside the same GIN index instead of reading every Dutch business from the heap to keep the bars.
 *
 * btree_gist: lets one GiST index hold the category and the point, so "restaurants within 25 km, nearest
 * first" walks only that category's points in distance order.
 */
export class Migration20261122000050SearchLocationLexemes extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists btree_gist`);
    this.addSql(`
      create or replace function search_location_lexemes(terms text[])
      returns tsvector
      language sql immutable parallel safe strict
      as $$
        select array_to_tsvector(array(select distinct '~' || t from unnest(terms) t where length(t) between 1 and 200))
      $$`);
    this.addSql(`
      create or replace function search_filter_lexemes(category_slug text, country_code text, city_slug text)
      returns tsvector
      language sql immutable parallel safe
      as $$
        select array_to_tsvector(array_remove(
          array['#c:' || category_slug, '#cc:' || country_code, '#city:' || city_slug], null))
      $$`);
  }
}
