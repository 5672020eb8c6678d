import { isRated, reviewCount } from '../lib/rating.js';

/** Five stars filled to the rating, and the rating itself ("4.8"); only for a rated business (1.0–5.0). */
export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      {'★★★★★'.slice(0, full)}
      <span className="stars-empty">{'★★★★★'.slice(full)}</span> {rating.toFixed(1)}
    </span>
  );
}

/**
 * A business's rating wherever one is shown: the stars, or "No rating yet" for an unrated business (never a row of
 * empty stars with "0.0"), then the review count only when it is known (above 0).
 */
export function Rating({ rating, reviews }: { rating: number | null | undefined; reviews: number | null | undefined }) {
  const count = reviewCount(reviews);
  return (
    <span className="rating">
      {isRated(rating) ? <Stars rating={rating} /> : <span className="muted">No rating yet</span>}
      {count && <span className="muted"> ({count})</span>}
    </span>
  );
}
