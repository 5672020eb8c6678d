import type pg from 'pg';
import type { Suggestions } from '../search-engine.js';
import { fold, prefixEnd, queryWords, searchWords } from '../text.js';
import { prepared } from './planning.js';
import { DOCUMENTS_TABLE } from './schema.js';
import { namesWithTypos, placesAndCategoriesWithTypos } from './suggest-typos.js';
import { asTyped, tsquery } from './tsquery.js';

/**
 * Autocomplete: names, categories and cities beginning with what was typed, then names with a word beginning it.
 * Every statement is a short index range or an ordered walk that stops early. Why each is shaped as it is, with
 * measurements: bench/engine-notes.md "Suggest".
 */

/** A row of the suggestion statement: one name, category or city, and its place among its kind. */
interface SuggestionRow {
  kind: 'business' | 'category' | 'city';
  name: string;
  slug: string;
  city: string | null;
  country_code: string | null;
  count: number | null;
  /** bigint arrives as text. */
  position: string;
}

/**
 * Suggestions of up to `limit` of each kind for `q`. `fromMostReviewed`: names with a word beginning the prefix are
 * looked for among this many most reviewed first.
 */
export async function suggestions(
  pool: pg.Pool,
  q: string,
  limit: number,
  fromMostReviewed: number,
): Promise<Suggestions> {
  const prefix = fold(q).replace(/\s+/g, ' ').trim();
  if (!prefix) return { businesses: [], categories: [], cities: [] };
  // Names, categories and cities that begin with the prefix are a range of their index in byte order: as a range,
  // not `like`, the statement is planned once per connection (prepared), and planning it took longer than running it.
  // The range's ends are read through subqueries (`from`, `to`), which the planner cannot see into, so every value's
  // plan costs the same and PostgreSQL keeps the plan it made once.
  const range = [prefix, prefixEnd(prefix)];
  const [from, to] = ['(select $1::text)', '(select $2::text)'];
  const words = queryWords(q);
  // Names are ranges of their words (name_folded: search_words), as the query's words are cut; a prefix of no word
  // (punctuation only) finds none of them.
  const namePrefix = searchWords(q).join(' ');
  const names = [namePrefix || prefix, prefixEnd(namePrefix || prefix)];
  const [nameFrom, nameTo] = ['(select $4::text)', '(select $5::text)'];
  // Names, categories and cities in one statement (one round trip and executor start): three short index ranges.
  // Each part keeps its order in `position`, places sharing a name and popularity by slug. Names starting with the
  // prefix come through the name index: a bounded window of them is ranked by popularity, which keeps it a short
  // range scan even for a one-letter prefix.
  const { rows } = await pool.query<SuggestionRow>(
    prepared({
      text: `(select 'business' as kind, name, slug, city, null as country_code, null::int as count,
                  row_number() over (order by reviews desc, name_folded, slug) as position from (
                  select d.name, d.slug, d.city, d.reviews, d.name_folded from ${DOCUMENTS_TABLE} d
                  where d.is_approved and (d.name_folded collate "C") >= ${nameFrom} and (d.name_folded collate "C") < ${nameTo}
                  order by (d.name_folded collate "C") limit 200) s
                order by reviews desc, name_folded, slug limit $3)
               union all
               (select 'category', category, category_slug, null, null, business_count,
                  row_number() over (order by business_count desc, category_slug) from category_stats
                where search_fold(category) ~>=~ ${from} and search_fold(category) ~<~ ${to}
                order by business_count desc, category_slug limit $3)
               union all
               (select 'city', city, city_slug, null, country_code, business_count,
                  row_number() over (order by business_count desc, city_slug, country_code) from city_stats
                where search_fold(city) ~>=~ ${from} and search_fold(city) ~<~ ${to}
                order by business_count desc, city_slug, country_code limit $3)`,
      values: [...range, limit, ...names],
    }),
  );
  const of = (kind: SuggestionRow['kind']) =>
    rows.filter((row) => row.kind === kind).sort((a, b) => Number(a.position) - Number(b.position));
  const starts = of('business');
  let categories = of('category').map(({ name, slug, count }) => ({ name, slug, count: count! }));
  let cities = of('city').map(({ name, slug, country_code, count }) => ({
    name,
    slug,
    countryCode: country_code!,
    count: count!,
  }));
  let businesses = starts.map(({ name, slug, city }) => ({ name, slug, city }));
  if (businesses.length < limit && words.length > 0 && prefix.length >= 2) {
    // Then names with a word starting with the prefix ("coff" → "Blue Bottle Coffee"), the most reviewed first:
    // looked for among the fromMostReviewed most reviewed places (an ordered walk that stops when it has enough), and
    // only when they hold too few, in the name-words index (then a rare prefix, whose posting lists are short).
    // The walk of the most reviewed is the same plan whatever the words, so it is planned once (prepared, the words
    // unseen as the range above); the name-words index's plan depends on how common they are.
    const more = (source: string, plannedOnce: boolean) => {
      const sql = {
        text: `select name, slug, city from (${source}) s
                 where s.name_words @@ (select to_tsquery('simple', $1))
                   and not ((s.name_folded collate "C") >= $2 and (s.name_folded collate "C") < $3)
                 order by s.reviews desc, s.id limit $4`,
        values: [tsquery(asTyped(words)), ...names, limit - businesses.length],
      };
      return pool.query<{ name: string; slug: string; city: string | null }>(plannedOnce ? prepared(sql) : sql);
    };
    const columns = 'd.name, d.slug, d.city, d.reviews, d.id, d.name_words, d.name_folded';
    let found = await more(
      `select ${columns} from ${DOCUMENTS_TABLE} d where d.is_approved
         order by d.reviews desc, d.id limit ${fromMostReviewed}`,
      true,
    );
    if (found.rows.length < limit - businesses.length)
      found = await more(
        `select ${columns} from ${DOCUMENTS_TABLE} d where d.is_approved and d.name_words @@ to_tsquery('simple', $1)
           limit 200`,
        false,
      );
    businesses = [...businesses, ...found.rows];
  }
  // What the prefix found too little of, again with typos forgiven; categories and cities (whose tables have no
  // trigram index) only when the prefix found nothing at all, the sign of a typo.
  const foundNothing = businesses.length + categories.length + cities.length === 0;
  if (businesses.length < limit && words.length > 0)
    businesses.push(
      ...(await namesWithTypos(
        pool,
        words,
        businesses.map((b) => b.slug),
        limit - businesses.length,
      )),
    );
  if (foundNothing) {
    const withTypos = await placesAndCategoriesWithTypos(pool, prefix, limit);
    categories = withTypos.categories;
    cities = withTypos.cities;
  }
  return { businesses, categories, cities };
}
