import { Migration } from '@mikro-orm/migrations';

/**
 * Each business's open minutes of the week in its local time (core's weekIntervals, an int4multirange; null when
 * its hours are missing or unreadable), written beside working_hours by whoever writes them (imports, the demo,
 * `npm run places:backfill` for rows stored before), so the search documents copy it and no SQL reads the hours.
 *
 * A write that changes working_hours empties open_minutes (unknown rather than stale) unless its transaction declares
 * that it writes them (`set local directory.writes_open_minutes = 'on'`, OPEN_MINUTES_WRITER in core). The
 * weekday-bitmask function the documents were built with before is dropped.
 */
export class Migration20261127000010OpenMinutes extends Migration {
  override up(): void {
    this.addSql(`alter table businesses add column open_minutes int4multirange`);
    this.addSql(`
      create function businesses_open_minutes_follow_hours() returns trigger language plpgsql as $$
      begin
        if new.working_hours is distinct from old.working_hours
           and coalesce(current_setting('directory.writes_open_minutes', true), '') <> 'on' then
          new.open_minutes := null;
        end if;
        return new;
      end $$`);
    this.addSql(`
      create trigger businesses_open_minutes_follow_hours before update of working_hours on businesses
      for each row execute function businesses_open_minutes_follow_hours()`);
    this.addSql(`drop function if exists search_open_days(text)`);
  }
}
