/** Public spec §2: values above 999 read as K+, above 999,999 as M+. */
export function compactCount(value: number): string {
  if (value > 999_999) return `${Math.floor(value / 1_000_000)}M+`;
  if (value > 999) return `${Math.floor(value / 1_000)}K+`;
  return String(value);
}

/**
 * Page buttons to show: up to five numbers in a window that slides near the start and end, with
 * 'ellipsis' markers and the first and last page when `withEnds` (the business list's pager).
 */
export function pageWindow(current: number, total: number, withEnds = false): (number | 'ellipsis')[] {
  if (total <= 0) return [];
  const size = Math.min(5, total);
  let start = Math.max(1, current - 2);
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  const pages: (number | 'ellipsis')[] = [];
  if (withEnds && start > 1) {
    pages.push(1);
    if (start > 2) pages.push('ellipsis');
  }
  for (let p = start; p <= end; p++) pages.push(p);
  if (withEnds && end < total) {
    if (end < total - 1) pages.push('ellipsis');
    pages.push(total);
  }
  return pages;
}

/** Slug rule of the public spec: lowercase, whitespace to dashes. */
export function slugOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s/?#%\\]+/g, '-');
}
