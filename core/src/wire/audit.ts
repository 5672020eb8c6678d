/**
 * Every action the audit log records (audit_log.action): the api writes only these, and the admin's activity list
 * names each in Turkish (web's describeAction, whose switch the type checker holds complete).
 */
export const AUDIT_ACTIONS = [
  'advertisements.save',
  'business.bulk-approval',
  'business.bulk-reject',
  'business.delete',
  'business.delete-all',
  'business.delete-test-data',
  'business.toggle-approval',
  'business.update',
  'cache.clear',
  'category-merge.create',
  'category-merge.delete',
  'contact.delete',
  'contact.mark-read',
  'contact.mark-unread',
  'contact.retention',
  'export.csv',
  'export.csv-legacy',
  'export.start',
  'import.confirm',
  'import.preview',
  'job.cancel',
  'job.retry',
  'password.change',
  'password.reset',
  'queues.dashboard-write',
  'search.reindex',
  'settings.import-approval',
  'settings.save',
  'sitemaps.regenerate',
  'slugs.fix',
  'synonym.create',
  'synonym.delete',
  'synonym.update',
  'upload',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
