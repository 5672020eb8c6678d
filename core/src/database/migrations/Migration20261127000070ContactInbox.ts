import { Migration } from '@mikro-orm/migrations';

/**
 * The contact inbox as personal data (issue 34): when the admin read a message (null: unread), an index for
 * the retention delete (oldest first), and the retention setting with its default of 12 months.
 */
export class Migration20261127000070ContactInbox extends Migration {
  override up(): void {
    this.addSql(`alter table contact_messages add column if not exists read_at timestamptz`);
    this.addSql(`create index if not exists contact_messages_created_at_idx on contact_messages (created_at)`);
    this.addSql(
      `insert into site_settings (key, value) values ('contact_retention_months', '12') on conflict (key) do nothing`,
    );
  }

  override down(): void {
    this.addSql(`delete from site_settings where key = 'contact_retention_months'`);
    this.addSql(`drop index if exists contact_messages_created_at_idx`);
    this.addSql(`alter table contact_messages drop column if exists read_at`);
  }
}
