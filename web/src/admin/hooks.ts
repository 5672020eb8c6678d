import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import { FRESH } from './rules.js';
import type { ListedUploadReport } from '@directory/core/wire/uploads.js';
import type { AuditEntry, Stats } from './types.js';

/** Admin data with the spec's freshness (admin spec §9). */
export const useStats = () => useSWR<Stats>('/api/admin/stats', { dedupingInterval: FRESH.stats });
export const useCategories = () => useSWR<string[]>('/api/admin/categories', { dedupingInterval: FRESH.categories });
export const useUploadReports = (poll = false) =>
  useSWR<ListedUploadReport[]>('/api/admin/upload-reports', {
    dedupingInterval: FRESH.uploadReports,
    refreshInterval: poll ? FRESH.uploadReports : 0,
  });
export const useAuditLog = () => useSWR<AuditEntry[]>('/api/admin/audit-log', { dedupingInterval: 10_000 });
export const useSession = () =>
  useSWR<{ authenticated: boolean; username?: string }>('/api/admin/session', {
    dedupingInterval: 60_000,
    revalidateOnMount: true,
    shouldRetryOnError: false,
  });

/** Refreshes every cached admin read whose address starts with one of the prefixes. */
export function useRefresh() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (...prefixes: string[]) =>
      mutate((key) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix))),
    [mutate],
  );
}

/** Admin spec §4: after uploads and deletes, the business list and the stats refresh. */
export const DATA_KEYS = ['/api/admin/businesses', '/api/admin/stats', '/api/admin/categories', '/api/admin/audit-log'];
