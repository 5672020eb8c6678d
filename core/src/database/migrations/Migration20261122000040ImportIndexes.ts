import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes on businesses cost every write (an import of a million rows updates each of them a million
 * times), so only those a query still uses stay (bench/PIPELINE.md has the measurements):
 * - businesses_public_list_idx, businesses_category_list_idx, businesses_city_list_idx are dropped: the
 *   business list and the category and city pages read their businesses from the search index
 *   (search_documents, which has its own ordered indexes), and the sitemaps walk businesses by primary key.
 *   Together they were about a third of the cost of a COPY into businesses.
 * - businesses_name_address_idx is rebuilt on the expression the import's duplicate check compares
 *   (lower(coalesce(full_address, ''))): the old one matched only its first column, so the check read every
 *   business of a common name, a cost that grew with the directory.
 * Kept: the unique slug and place_id, featured (reviews), created_at and country_code (export filters) and
 * the name trigram index (the admin's name search, name ilike '%…%').
 */
export class Migration20261122000040ImportIndexes extends Migration {
  override up(): void {
    this.addSql(`drop index if exists businesses_public_list_idx`);
    this.addSql(`drop index if exists businesses_category_list_idx`);
    this.addSql(`drop index if exists businesses_city_list_idx`);
    this.addSql(`drop index if exists businesses_name_address_idx`);
    this.addSql(
      `create index businesses_name_address_idx on businesses (lower(name), lower(coalesce(full_address, '')))`,
    );
  }
}
