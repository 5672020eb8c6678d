import { Migration } from '@mikro-orm/migrations';

/**
 * The businesses waiting for approval by category and country (issue 34 moderation): the admin's filters list
 * the categories and countries only waiting businesses have, read from this small partial index rather than
 * the whole table (the public counts leave unapproved businesses out).
 */
export class Migration20261127000071WaitingFacets extends Migration {
  override up(): void {
    this.addSql(
      `create index if not exists businesses_waiting_facets_idx on businesses (category_slug, country_code, category) where not is_approved`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists businesses_waiting_facets_idx`);
  }
}
