/** GET /api/admin/system (admin spec §2 "system metrics"). Browser-safe: no Node imports. */

/** The dashboard's system figures: CPU, memory, disk and uptime of the server the api runs on. */
export interface SystemMetrics {
  cpu: { percent: number; cores: number; model: string; loadAverage: number[]; sampledOverMs: number };
  memory: { totalBytes: number; usedBytes: number; freeBytes: number; percent: number; processRssBytes: number };
  disk: { path: string; totalBytes: number; usedBytes: number; freeBytes: number; percent: number };
  uptime: { systemSeconds: number; processSeconds: number; startedAt: string };
  platform: string;
  nodeVersion: string;
  checkedAt: string;
}
