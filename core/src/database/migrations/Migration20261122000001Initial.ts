import { Migration } from '@mikro-orm/migrations';

/**
 * The initial schema. Written by hand (not generated) because the read paths need what the entity
 * metadata cannot say: partial indexes over approved rows, trigram indexes and the aggregate views.
 */
export class Migration20261122000001Initial extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists pg_trgm`);
    this.addSql(`create extension if not exists unaccent`);
    this.addSql(`
      create table businesses (
        id bigserial primary key,
        name text not null,
        slug text not null,
        category text,
        type text,
        full_address text,
        street text,
        city text,
        postal_code text,
        country text,
        country_code text,
        phone text,
        latitude double precision,
        longitude double precision,
        rating double precision,
        reviews integer not null default 0,
        reviews_link text,
        photo text,
        logo text,
        located_in text,
        working_hours text,
        verified boolean not null default false,
        about text,
        place_id text,
        url text,
        is_approved boolean not null default true,
        category_slug text,
        city_slug text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint businesses_slug_unique unique (slug),
        constraint businesses_place_id_unique unique (place_id),
        constraint businesses_rating_range check (rating is null or (rating >= 0 and rating <= 5)),
        constraint businesses_latitude_range check (latitude is null or (latitude between -90 and 90)),
        constraint businesses_longitude_range check (longitude is null or (longitude between -180 and 180))
      )`);
    // Public list pages: newest approved first, and per category / city ordered by popularity.
    this.addSql(`create index businesses_public_list_idx on businesses (id desc) where is_approved`);
    this.addSql(
      `create index businesses_category_list_idx on businesses (category_slug, reviews desc, id) where is_approved`,
    );
    this.addSql(
      `create index businesses_city_list_idx on businesses (country_code, city_slug, reviews desc, id) where is_approved`,
    );
    this.addSql(`create index businesses_featured_idx on businesses (reviews desc) where is_approved`);
    // Admin: name search, date filters of the export, sorting.
    this.addSql(`create index businesses_name_trgm_idx on businesses using gin (name gin_trgm_ops)`);
    this.addSql(`create index businesses_created_at_idx on businesses (created_at)`);
    this.addSql(`create index businesses_country_code_idx on businesses (country_code)`);
    this.addSql(`create index businesses_name_address_idx on businesses (lower(name), lower(full_address))`);

    this.addSql(`
      create table slug_redirects (
        old_slug text primary key,
        business_id bigint not null references businesses (id) on delete cascade,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index slug_redirects_business_idx on slug_redirects (business_id)`);

    this.addSql(
      `create table site_settings (key text primary key, value text not null default '', updated_at timestamptz not null default now())`,
    );
    this.addSql(
      `create table advertisement_codes (slot text primary key, code text not null default '', updated_at timestamptz not null default now())`,
    );
    this.addSql(
      `insert into site_settings (key) values ('head_tags'), ('footer_tags'), ('analytics_code'), ('facebook_pixel')`,
    );
    this.addSql(`insert into advertisement_codes (slot) values ('ad1'), ('ad2'), ('ad3'), ('ad4')`);
    this.addSql(`
      create table contact_messages (
        id bigserial primary key, name text not null, email text not null, subject text not null,
        message text not null, company text, phone text, created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table upload_reports (
        id bigserial primary key, file_name text not null, job_id text, report jsonb not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index upload_reports_created_at_idx on upload_reports (created_at desc)`);
    this.addSql(`
      create table admin_users (
        id bigserial primary key, username text not null unique, password_hash text not null,
        created_at timestamptz not null default now(), last_login_at timestamptz
      )`);

    // Aggregates over approved businesses, refreshed after writes (refreshAggregates), never counted per request.
    this.addSql(`
      create materialized view category_stats as
      select category_slug,
             mode() within group (order by category) as category,
             count(*)::int as business_count,
             count(distinct country_code)::int as country_count
      from businesses
      where is_approved and category_slug is not null and category_slug <> ''
      group by category_slug`);
    this.addSql(`create unique index category_stats_pk on category_stats (category_slug)`);
    this.addSql(`create index category_stats_count_idx on category_stats (business_count desc)`);

    this.addSql(`
      create materialized view country_stats as
      select country_code,
             mode() within group (order by country) as country,
             count(*)::int as business_count,
             count(distinct city_slug)::int as city_count,
             count(distinct category_slug)::int as category_count
      from businesses
      where is_approved and country_code is not null and country_code <> ''
      group by country_code`);
    this.addSql(`create unique index country_stats_pk on country_stats (country_code)`);

    this.addSql(`
      create materialized view city_stats as
      select country_code, city_slug,
             mode() within group (order by city) as city,
             count(*)::int as business_count,
             count(distinct category_slug)::int as category_count
      from businesses
      where is_approved and country_code is not null and country_code <> '' and city_slug is not null and city_slug <> ''
      group by country_code, city_slug`);
    this.addSql(`create unique index city_stats_pk on city_stats (country_code, city_slug)`);
    this.addSql(`create index city_stats_count_idx on city_stats (business_count desc)`);
    this.addSql(`create index city_stats_country_count_idx on city_stats (country_code, business_count desc)`);

    this.addSql(`
      create materialized view country_category_stats as
      select country_code, category_slug, count(*)::int as business_count
      from businesses
      where is_approved and country_code is not null and country_code <> '' and category_slug is not null and category_slug <> ''
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
      from businesses
      where is_approved and country_code is not null and country_code <> '' and city_slug is not null and city_slug <> ''
        and category_slug is not null and category_slug <> ''
      group by country_code, city_slug, category_slug`);
    this.addSql(
      `create unique index city_category_stats_pk on city_category_stats (country_code, city_slug, category_slug)`,
    );
    this.addSql(
      `create index city_category_stats_city_idx on city_category_stats (country_code, city_slug, business_count desc)`,
    );

    // One row of directory-wide totals for the home counters and the business list's totalCount.
    this.addSql(`
      create materialized view directory_totals as
      select 1 as id,
             (select count(*) from businesses where is_approved)::int as business_count,
             (select count(*) from country_stats)::int as country_count,
             (select count(*) from city_stats)::int as city_count,
             (select count(*) from category_stats)::int as category_count`);
    this.addSql(`create unique index directory_totals_pk on directory_totals (id)`);
  }
}
