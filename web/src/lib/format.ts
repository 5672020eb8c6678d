import { PUBLIC_MAX_PAGE } from '@directory/core/wire/paging.js';

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

/**
 * The business list's 'page' as the address asks for it: a whole number from 1 (up to nine digits), else 1.
 * A page past the last one, or over the public limit of 100 (spec §5), is kept: the page says it does not exist.
 */
export function listPageOf(value: string | null): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value));
}

/** The page the business list asks the api for: the api refuses pages over 100, so those read page 1's totals. */
export function listReadPage(page: number): number {
  return page > PUBLIC_MAX_PAGE ? 1 : page;
}

/** How many of a list of `total` the api's pages reach: at most 100 pages of `pageSize` (public spec §5). */
export function listedCount(total: number, pageSize: number): number {
  return Math.min(total, pageSize * PUBLIC_MAX_PAGE);
}

/** Whether `page` lies past the last page of a list of `totalPages` (the api's, at most 100); page 1 always exists. */
export function pastLastPage(page: number, totalPages: number): boolean {
  return page > 1 && page > Math.min(totalPages, PUBLIC_MAX_PAGE);
}

/** A count as the site writes every count: with thousands separators ("9,309"). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

const englishPlurals = new Intl.PluralRules('en');

/** The noun for `count` in the right number: "review" for 1, "reviews" otherwise (English plural rules). */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return englishPlurals.select(count) === 'one' ? one : many;
}

/**
 * "1 country", "2 countries", "1,234 businesses": a count with its noun in the right number. `shown` replaces
 * the figure (e.g. a compact "1K+") while the noun still follows the real count.
 */
export function plural(count: number, one: string, many = `${one}s`, shown = formatCount(count)): string {
  return `${shown} ${nounFor(count, one, many)}`;
}

/** "Top 200 of 320 categories" for a list that shows only the top of what it counts; null when it shows them all. */
export function topOf(shown: number, total: number, one: string, many = `${one}s`): string | null {
  return shown < total ? `Top ${formatCount(shown)} of ${plural(total, one, many)}` : null;
}

/** A compact count with its noun: "1 city", "12 cities", "1K+ businesses" (public spec §2). */
export function compactPlural(count: number, one: string, many = `${one}s`): string {
  return plural(count, one, many, compactCount(count));
}

/**
 * An input's width in characters (its `size`) that shows its whole placeholder: proportional fonts average
 * below one 'size' character per letter, so a few extra keep the end in view ("What are you looking fo").
 */
export function sizeFor(placeholder: string | undefined): number | undefined {
  return placeholder ? Math.max(20, placeholder.length + 3) : undefined;
}

/** Home counters (public spec §9): 50 steps over 2000 ms. */
export const COUNTER_STEPS = 50;
export const COUNTER_MS = 2000;

/** The value a counter shows after `step` of its steps: rising evenly, exactly `value` at the last one. */
export function countUpValue(value: number, step: number, steps = COUNTER_STEPS): number {
  if (step >= steps) return value;
  return Math.round((value * Math.max(0, step)) / steps);
}
