import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTACT_RETENTION } from '../wire/contact.js';

/** The site_settings key of how many months contact messages are kept. */
export const CONTACT_RETENTION_KEY = 'contact_retention_months';

/** The retention the admin set; the default when the row is missing or not a valid number of months. */
export async function contactRetentionMonths(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ value: string }[]>('select value from site_settings where key = ?', [
    CONTACT_RETENTION_KEY,
  ]);
  const months = Number(row?.value);
  return Number.isInteger(months) && months >= CONTACT_RETENTION.minMonths && months <= CONTACT_RETENTION.maxMonths
    ? months
    : CONTACT_RETENTION.defaultMonths;
}

/**
 * Deletes the contact messages stored more than the retention's months before `now` (calendar months, as
 * PostgreSQL's interval counts them); answers how many and the cut-off.
 */
export async function deleteExpiredContactMessages(
  em: EntityManager,
  now: Date = new Date(),
): Promise<{ deletedCount: number; months: number; before: string }> {
  const months = await contactRetentionMonths(em);
  const [{ count, before }] = await em.execute<{ count: number; before: Date }[]>(
    `with cut as (select ?::timestamptz - make_interval(months => ?) as before),
          gone as (delete from contact_messages where created_at < (select before from cut) returning 1)
     select (select count(*)::int from gone) as count, (select before from cut) as before`,
    [now, months],
  );
  return { deletedCount: count, months, before: new Date(before).toISOString() };
}
