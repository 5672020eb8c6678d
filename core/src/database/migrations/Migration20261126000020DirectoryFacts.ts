import { Migration } from '@mikro-orm/migrations';

/**
 * One rule for every public count: directory_facts is each approved business's category, country and city as the
 * search index holds them (search/src/sync/source.ts: trimmed, empty as none, the country code upper-cased), and
 * every aggregate view counts from it, so a country, category or city has the same number on its page, the lists,
 * the home tabs and in search (whose own counts follow the same documents) once both are refreshed.
 */
export class Migration20261126000020DirectoryFacts extends Migration {
  override up(): void {
    for (const view of [
      'directory_totals',
      'city_category_stats',
      'country_category_stats',
      'city_stats',
      'country_stats',
      'category_stats',
    ])
      this.addSql(`drop materialized view if exists ${view}`);
    this.addSql(`
      create view directory_facts as
      select b.id,
             nullif(b.category_slug, '') as category_slug, nullif(btrim(b.category), '') as category,
             upper(nullif(btrim(b.country_code), '')) as country_code, nullif(btrim(b.country), '') as country,
             nullif(b.city_slug, '') as city_slug, nullif(btrim(b.city), '') as city
      from businesses b where b.is_approved`);

    this.addSql(`
      create materialized view category_stats as
      select category_slug, mode() within group (order by category) as category,
             count(*)::int as business_count, count(distinct country_code)::int as country_count
      from directory_facts where category_slug is not null
      group by category_slug`);
    this.addSql(`create unique index category_stats_pk on category_stats (category_slug)`);
    this.addSql(`create index category_stats_count_idx on category_stats (business_count desc)`);
    this.addSql(`create index category_stats_fold_idx on category_stats (search_fold(category) text_pattern_ops)`);

    this.addSql(`
      create materialized view country_stats as
      select country_code, mode() within group (order by country) as country,
             count(*)::int as business_count, count(distinct city_slug)::int as city_count,
             count(distinct category_slug)::int as category_count
      from directory_facts where country_code is not null
      group by country_code`);
    this.addSql(`create unique index country_stats_pk on country_stats (country_code)`);

    this.addSql(`
      create materialized view city_stats as
      select country_code, city_slug, mode() within group (order by city) as city,
             count(*)::int as business_count, count(distinct category_slug)::int as category_count
      from directory_facts where country_code is not null and city_slug is not null
      group by country_code, city_slug`);
    this.addSql(`create unique index city_stats_pk on city_stats (country_code, city_slug)`);
    this.addSql(`create index city_stats_count_idx on city_stats (business_count desc)`);
    this.addSql(`create index city_stats_country_count_idx on city_stats (country_code, business_count desc)`);
    this.addSql(`create index city_stats_fold_idx on city_stats (search_fold(city) text_pattern_ops)`);

    this.addSql(`
      create materialized view country_category_stats as
      select country_code, category_slug, count(*)::int as business_count
      from directory_facts where country_code is not null and category_slug is not null
      group by country_code, category_slug`);
    this.addSql(
      `create unique index country_category_stats_pk on country_category_stats (country_code, category_slug)`,
    );
    this.addSql(
      `create index country_category_stats_category_idx on country_category_stats (category_slug, business_count desc)`,
    );
    this.addSql(
      `create index country_category_stats_country_idx on country_category_stats (country_code, business_count desc)`,
    );

    this.addSql(`
      create materialized view city_category_stats as
      select country_code, city_slug, category_slug, count(*)::int as business_count
      from directory_facts where country_code is not null and city_slug is not null and category_slug is not null
      group by country_code, city_slug, category_slug`);
    this.addSql(
      `create unique index city_category_stats_pk on city_category_stats (country_code, city_slug, category_slug)`,
    );
    this.addSql(
      `create index city_category_stats_city_idx on city_category_stats (country_code, city_slug, business_count desc)`,
    );

    // The directory's totals, and how many businesses the category, country and city lists leave out (no such
    // value), so the list pages can say it and still agree with the total.
    this.addSql(`
      create materialized view directory_totals as
      select 1 as id, count(*)::int as business_count,
             (select count(*) from country_stats)::int as country_count,
             (select count(*) from city_stats)::int as city_count,
             (select count(*) from category_stats)::int as category_count,
             count(*) filter (where category_slug is null)::int as without_category,
             count(*) filter (where country_code is null)::int as without_country,
             count(*) filter (where country_code is null or city_slug is null)::int as without_city
      from directory_facts`);
    this.addSql(`create unique index directory_totals_pk on directory_totals (id)`);
  }
}
