import { Migration } from '@mikro-orm/migrations';

/**
 * search_prefix_lexemes: the first 3 and 4 letters of every word of a weighted tsvector, as `^`-marked lexemes
 * with the word's weight (the text parser never keeps a `^`, so they cannot meet a word). A query's last word
 * of 3 or 4 letters is a prefix ("bar" of "Barber"); GIN answers a prefix by merging the posting lists of every
 * word it begins into a bitmap (30–40 ms for "bar" at 1.2M businesses), and one `^bar` list is read in a
 * fraction of that — what search engines call edge n-grams. Each prefix sits at position 1: a prefix of
 * several words keeps the highest of their weights (tsvector input merges equal positions so), which is what
 * the engine's A and AB relevance tiers ask.
 *
 * search_text_lexemes: the document's words (name A, category and type B, address C) and their prefixes, the
 * text part of the embedded search engine's tsvector (search/src/postgres/schema.ts), computed once.
 */
export class Migration20261123000010SearchPrefixLexemes extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function search_prefix_lexemes(words tsvector)
      returns tsvector
      language sql immutable parallel safe strict
      as $$
        select coalesce(string_agg(
          '''' || replace(replace('^' || left(u.lexeme, n), '\\', '\\\\'), '''', '''''') || ''':1' || w, ' '
        )::tsvector, ''::tsvector)
        from unnest(words) u, unnest(u.weights) w, (values (3), (4)) as lengths(n)
        where length(u.lexeme) >= n and left(u.lexeme, 1) not in ('~', '#', '^')
      $$`);
    this.addSql(`
      create or replace function search_text_lexemes(
        name text, category text, type text, city text, full_address text, country text)
      returns tsvector
      language sql immutable parallel safe
      as $$
        select words || search_prefix_lexemes(words)
        from (select
          setweight(to_tsvector('simple', search_fold(coalesce(name, ''))), 'A') ||
          setweight(to_tsvector('simple', search_fold(coalesce(category, '') || ' ' || coalesce(type, ''))), 'B') ||
          setweight(to_tsvector('simple', search_fold(
            coalesce(city, '') || ' ' || coalesce(full_address, '') || ' ' || coalesce(country, ''))), 'C') as words
        ) document
      $$`);
  }
}
