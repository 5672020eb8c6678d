import { Migration } from '@mikro-orm/migrations';

/**
 * The "imports need approval" setting (issue 34 moderation), off by default: imported businesses are public at
 * once, as the spec has it, until an admin turns it on.
 */
export class Migration20261127000074ImportApproval extends Migration {
  override up(): void {
    this.addSql(
      `insert into site_settings (key, value) values ('imports_need_approval', 'false') on conflict (key) do nothing`,
    );
  }

  override down(): void {
    this.addSql(`delete from site_settings where key = 'imports_need_approval'`);
  }
}
