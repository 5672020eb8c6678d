import { Migration } from '@mikro-orm/migrations';

/**
 * search_open_hours: the UTC hours of the week (0 = Sunday 00:00 UTC, … 167) in which a business may be open — its
 * open minutes (local, core's weekIntervals) moved by its zone's offset when the document is written, each interval
 * widened by an hour on both sides so that a daylight-saving change (or any shift of up to an hour) keeps every hour
 * it is open in. The embedded engine indexes them (GIN) so an "open now" search reads only the places open around
 * this UTC hour instead of every match; the exact test at the zone's minute still decides. A zone PostgreSQL does not
 * know gets every hour (always a candidate, never excluded); no hours, null (never open).
 * PARALLEL RESTRICTED: the exception block is a subtransaction, which a parallel worker cannot start.
 */
export class Migration20261129000010SearchOpenHours extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function search_open_hours(minutes int4multirange, zone text)
      returns smallint[]
      language plpgsql immutable parallel restricted
      as $$
      declare
        shift int;
      begin
        if minutes is null or isempty(minutes) then return null; end if;
        begin
          shift := round(extract(epoch from (now() at time zone zone) - (now() at time zone 'UTC')) / 60);
        exception when invalid_parameter_value then
          return array(select h::smallint from generate_series(0, 167) h);
        end;
        return array(
          select distinct ((h % 168 + 168) % 168)::smallint
          from unnest(minutes) r,
               generate_series(floor((lower(r) - shift - 60) / 60.0)::int, floor((upper(r) - shift + 59) / 60.0)::int) h
          order by 1);
      end
      $$`);
  }
}
