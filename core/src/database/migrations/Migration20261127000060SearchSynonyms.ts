import { Migration } from '@mikro-orm/migrations';

/** Common ways of asking for a kind of business that its own words do not say, as the table starts out. */
const SEEDED: [phrase: string, means: string][] = [
  ['dog grooming', 'pet groomer'],
  ['ac repair', 'air conditioning'],
  ['aircon', 'air conditioning'],
  ['hvac', 'heating'],
  ['attorney', 'lawyer'],
  ['lawyer', 'attorney'],
  ['vet', 'veterinarian'],
  ['dentist', 'dental'],
  ['drugstore', 'pharmacy'],
  ['chemist', 'pharmacy'],
  ['mechanic', 'auto repair'],
  ['car repair', 'auto repair'],
  ['hairdresser', 'hair salon'],
  ['barber', 'barber shop'],
  ['gym', 'fitness'],
  ['fitness', 'gym'],
  ['coffee', 'cafe'],
  ['cafe', 'coffee shop'],
  ['takeaway', 'takeout'],
  ['petrol station', 'gas station'],
];

/**
 * Search synonyms the admin edits: a query holding `phrase` also finds the businesses whose name, category or type
 * hold every word of `means` (one way; the other way is a row of its own). `means_words` are those words folded as
 * search folds them, so a document's matching rules are an array containment.
 */
export class Migration20261127000060SearchSynonyms extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function search_fold_words(value text) returns text[]
        language sql immutable strict parallel safe
        as $$ select coalesce(array_remove(regexp_split_to_array(search_fold(value), '[^[:alnum:]]+'), ''), '{}') $$`);
    this.addSql(`
      create table search_synonyms (
        id serial primary key,
        phrase text not null check (length(btrim(phrase)) between 1 and 60),
        means text not null check (length(btrim(means)) between 1 and 60),
        means_words text[] generated always as (search_fold_words(means)) stored,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(
      `create unique index search_synonyms_rule on search_synonyms (search_fold(phrase), search_fold(means))`,
    );
    // The phrases of the rules a business's name, category and type satisfy (every word of `means` among theirs).
    // `offset 0` keeps the words computed once a business, not once per rule (a rebuild reads every business).
    this.addSql(`
      create or replace function search_synonym_phrases(name text, category text, type text) returns text
        language sql stable parallel safe
        as $$ select string_agg(s.phrase, ' ' order by s.id)
              from (select search_fold_words(concat_ws(' ', name, category, type)) as words offset 0) b
              join search_synonyms s on b.words @> s.means_words $$`);
    this.addSql(
      `insert into search_synonyms (phrase, means) values ${SEEDED.map(([p, m]) => `('${p}', '${m}')`).join(', ')}`,
    );
  }
}
