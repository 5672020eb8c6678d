import { Migration } from '@mikro-orm/migrations';

/**
 * Each business's unlisted minutes (core's unlistedIntervals, an int4multirange; null when every day is listed or
 * the hours are unknown): the days a table of hours leaves out, where no badge is stated. Written beside
 * open_minutes by the same writers, emptied with them by the trigger when working_hours changes without them.
 *
 * Rows stored before whose hours list fewer than seven days get their open minutes emptied, so the worker's
 * backfill (backfillOpenMinutes) writes both again; a text that is not a JSON object is left as it was.
 */
export class Migration20261129000020UnlistedMinutes extends Migration {
  override up(): void {
    this.addSql(`alter table businesses add column unlisted_minutes int4multirange`);
    this.addSql(`
      create or replace function businesses_open_minutes_follow_hours() returns trigger language plpgsql as $$
      begin
        if new.working_hours is distinct from old.working_hours
           and coalesce(current_setting('directory.writes_open_minutes', true), '') <> 'on' then
          new.open_minutes := null;
          new.unlisted_minutes := null;
        end if;
        return new;
      end $$`);
    this.addSql(`
      create function pg_temp.listed_days(hours text) returns int language plpgsql as $$
      begin
        return (select count(*) from jsonb_object_keys(hours::jsonb));
      exception when others then
        return 7;
      end $$`);
    this.addSql(`
      update businesses set open_minutes = null
      where open_minutes is not null and working_hours like '{%' and pg_temp.listed_days(working_hours) < 7`);
  }
}
