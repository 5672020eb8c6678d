/** The export dialog's choices the api validates (admin spec §7, §9). Browser-safe. */

/** The upload-date filters (on created_at). */
export const DATE_RANGES = [
  'all',
  'today',
  'yesterday',
  'last24hours',
  'last7days',
  'thisweek',
  'thismonth',
  'custom',
] as const;
export type DateRange = (typeof DATE_RANGES)[number];
