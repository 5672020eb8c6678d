import { Migration } from '@mikro-orm/migrations';

/**
 * Category merges the admin edits: a spelling the rules of categoryKey cannot join to a category (a translation,
 * "Kaffeegeschäft" → "Cafe") is stored under that category by every canonicalisation pass, imports included.
 * `spelling_key` is categoryKey(spelling): one merge per spelling, whatever its case, accents or plural.
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
        created_at timestamptz not null default now())`);
  }
}
