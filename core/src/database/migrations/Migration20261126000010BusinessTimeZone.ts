import { Migration } from '@mikro-orm/migrations';

/**
 * The IANA time zone of each business ("Europe/Zurich"), so that "open now" is judged at the business's
 * local time. Written by the import (the file's time_zone column, else from the coordinates or the
 * country); null where none of these is known. Not one of the exported fields (admin spec §3).
 */
export class Migration20261126000010BusinessTimeZone extends Migration {
  override up(): void {
    this.addSql(`alter table businesses add column time_zone text`);
  }
}
