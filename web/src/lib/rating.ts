/**
 * What the site says of a business's rating. The api sends `rating: 0` for a business nobody rated (real ratings
 * are 1.0–5.0) and `reviews: 0` when the count is unknown: neither is a figure to show.
 */
import { formatCount, plural } from './format.js';

/** A rating to show: above 0 (0 is the api's "no rating"). */
export function isRated(rating: number | null | undefined): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating) && rating > 0;
}

/** "1 review", "1,234 reviews"; null when the count is 0 (unknown), so that no "(0 reviews)" is shown. */
export function reviewCount(reviews: number | null | undefined): string | null {
  return typeof reviews === 'number' && reviews > 0 ? plural(reviews, 'review') : null;
}

/** The map popup's short rating: "★ 4.8 (1,234)", "★ 4.8" without a known count; null without a rating. */
export function shortRating(rating: number | null | undefined, reviews: number | null | undefined): string | null {
  if (!isRated(rating)) return null;
  return typeof reviews === 'number' && reviews > 0
    ? `★ ${rating.toFixed(1)} (${formatCount(reviews)})`
    : `★ ${rating.toFixed(1)}`;
}
