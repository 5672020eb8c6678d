/** The maintenance queue's jobs: the public counts' refresh and the admin's large deletes and approvals. */
import type { Queue } from 'bullmq';
import type { AdminBusinessFilters } from '../wire/admin-businesses.js';
import { adminFilterConditions } from './business-selection.js';

export const MAINTENANCE_JOBS = {
  refreshAggregates: 'refresh-aggregates',
  /**
   * Deletes more businesses than a request should (all, the test data, or rejected waiting ones) in batches;
   * data: DeleteBusinessesJobData.
   */
  deleteBusinesses: 'delete-businesses',
  /**
   * Approves or hides every business matching the list's filters when they are more than a request should
   * change, in batches; data: ApproveBusinessesJobData.
   */
  approveBusinesses: 'approve-businesses',
  /** Deletes the contact messages older than the retention setting (scheduled daily). */
  contactRetention: 'contact-retention',
  /** Stores every business under its canonical city and category after the admin edited the category merges. */
  applyCategoryMerges: 'apply-category-merges',
} as const;

/** Businesses named exactly this are test data (admin spec §7 DELETE /api/admin/test-data). */
export const TEST_BUSINESS_NAME = 'Test Business';

/**
 * What an admin delete removes: every business, the test data, or a bulk reject's (issue 34 moderation): the
 * businesses waiting for approval among those matching the list's filters; one approved meanwhile stays.
 */
export type BusinessDeleteScope = 'all' | 'test-data' | { rejected: AdminBusinessFilters };

export interface DeleteBusinessesJobData {
  scope: BusinessDeleteScope;
  /** Rows per statement (each its own transaction); the worker's default when absent. */
  batchSize?: number;
}

/** Progress of a delete or approval job (`job.updateProgress`), as the import and export report theirs. */
export interface DeleteBusinessesProgress {
  rowsDone: number;
  rowsTotal: number;
  /** 'cancelled': an admin stopped it; rowsDone is then exactly what stays deleted (or changed). */
  phase: 'deleting' | 'approving' | 'hiding' | 'refreshing' | 'done' | 'cancelled';
  at: number;
  /** An approval job's direction: true approves, false hides (absent for deletes). */
  isApproved?: boolean;
}

export interface ApproveBusinessesJobData {
  matching: AdminBusinessFilters;
  isApproved: boolean;
  /** Rows per statement (each its own transaction); the worker's default when absent. */
  batchSize?: number;
}

/** The businesses matching `matching` that an approval to `isApproved` still changes. */
export function approvalFilter(matching: AdminBusinessFilters, isApproved: boolean) {
  const { conditions, params } = adminFilterConditions(matching);
  return { where: [...conditions, 'is_approved <> ?'].join(' and '), params: [...params, isApproved] };
}

/** The admin delete's answer (admin spec §7), from the request or from the job. */
export interface DeleteBusinessesResult {
  success: true;
  deletedCount: number;
  message: string;
}

/** The businesses a delete of `scope` removes, as a condition on `businesses` and its parameters. */
export function businessDeleteFilter(scope: BusinessDeleteScope): { where: string; params: unknown[] } {
  if (scope === 'all') return { where: 'true', params: [] };
  if (scope === 'test-data') return { where: 'name = ?', params: [TEST_BUSINESS_NAME] };
  const { conditions, params } = adminFilterConditions(scope.rejected);
  return { where: ['not is_approved', ...conditions].join(' and '), params };
}

const DELETED_WHAT = { all: 'businesses were', 'test-data': 'test businesses were' } as const;

export function deleteBusinessesResult(scope: BusinessDeleteScope, deletedCount: number): DeleteBusinessesResult {
  const what = typeof scope === 'string' ? DELETED_WHAT[scope] : 'businesses waiting for approval were rejected and';
  return { success: true, deletedCount, message: `${deletedCount} ${what} deleted.` };
}

/** Redis key of an admin's request to stop a running delete or approval job (POST /api/admin/jobs/{id}/cancel). */
export const businessBatchesCancelKey = (redisPrefix: string, jobId: string) => `${redisPrefix}:delete-cancel:${jobId}`;

/**
 * The reason a cancelled delete fails with: each batch commits on its own, so what was deleted before the
 * cancel stays deleted and the rest is kept (a retry deletes the rest).
 */
export const deleteCancelledMessage = (deleted: number, total: number) =>
  `The delete was cancelled by an administrator after ${deleted} of ${total} businesses were deleted; ` +
  `those stay deleted, the other ${total - deleted} are kept.`;

/**
 * The reason a cancelled approval fails with: each batch commits on its own, so the businesses it changed
 * before the cancel keep their new state.
 */
export const approvalCancelledMessage = (changed: number, total: number, isApproved: boolean) =>
  `The ${isApproved ? 'approval' : 'hiding'} was cancelled by an administrator after ${changed} of ${total} businesses ` +
  `were ${isApproved ? 'approved' : 'hidden'}; those stay so, the other ${total - changed} are unchanged.`;

/** An admin's batch job: retried (each attempt goes on with what is left), kept a day, a failed one a week. */
const BATCH_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Queues a bulk approval too large for a request; its progress is DeleteBusinessesProgress, its result BulkApprovalAnswer. */
export function enqueueApproveBusinesses(queue: Queue, data: ApproveBusinessesJobData) {
  return queue.add(MAINTENANCE_JOBS.approveBusinesses, data, BATCH_JOB_OPTIONS);
}

/** Queues a delete too large for a request; its progress is DeleteBusinessesProgress, its result the answer. */
export function enqueueDeleteBusinesses(queue: Queue, data: DeleteBusinessesJobData) {
  return queue.add(MAINTENANCE_JOBS.deleteBusinesses, data, BATCH_JOB_OPTIONS);
}

/**
 * Writes within one window share one refresh of the public counts, run one window after its end: at least that
 * long after each write, so a write still in its transaction (an audited admin write) has committed by then.
 */
export const AGGREGATES_REFRESH_WINDOW_MS = 2000;

/**
 * Asks the worker to recompute the public counts shortly: one job per time window (its id names the window),
 * so a burst of writes costs one refresh, and a write during a running refresh gets its own.
 */
export function requestAggregatesRefresh(queue: Queue, now = Date.now()): Promise<void> {
  return oncePerWindow(queue, MAINTENANCE_JOBS.refreshAggregates, now);
}

/** Asks the worker to apply the category merges (and refresh the counts after), once per window as above. */
export function requestCategoryMergesApplied(queue: Queue, now = Date.now()): Promise<void> {
  return oncePerWindow(queue, MAINTENANCE_JOBS.applyCategoryMerges, now);
}

async function oncePerWindow(queue: Queue, name: string, now: number): Promise<void> {
  const window = Math.floor(now / AGGREGATES_REFRESH_WINDOW_MS);
  await queue.add(
    name,
    {},
    {
      jobId: `${name}-${window}`,
      delay: (window + 2) * AGGREGATES_REFRESH_WINDOW_MS - now,
      removeOnComplete: 100,
      removeOnFail: 100,
    },
  );
}
