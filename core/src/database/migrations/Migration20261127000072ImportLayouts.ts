import { Migration } from '@mikro-orm/migrations';

/**
 * The column mapping an admin confirmed for a layout of spreadsheet (issue 34 import preview), keyed by the
 * signature of its header row: the next file with the same headers is previewed with it.
 */
export class Migration20261127000072ImportLayouts extends Migration {
  override up(): void {
    this.addSql(`create table if not exists import_layouts (
      signature text primary key,
      headers jsonb not null,
      mapping jsonb not null,
      updated_by text not null,
      updated_at timestamptz not null default now())`);
  }

  override down(): void {
    this.addSql(`drop table if exists import_layouts`);
  }
}
