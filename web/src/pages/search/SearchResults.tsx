import { BusinessCard } from '../../components/BusinessCard.js';
import { formatDistance, type Hit } from '../../lib/search.js';

/** Placeholder cards while the first answer is on its way. */
export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card" aria-hidden="true">
          <div className="skeleton-block photo" />
          <div className="skeleton-block line wide" />
          <div className="skeleton-block line" />
          <div className="skeleton-block line short" />
        </div>
      ))}
    </div>
  );
}

/** The hits of one page as business cards with what search adds: open now, verified, distance. */
export function ResultsList({ hits, busy }: { hits: Hit[]; busy: boolean }) {
  return (
    <ol className={`grid results${busy ? ' busy' : ''}`} aria-busy={busy} aria-label="Results">
      {hits.map((hit) => (
        <li key={hit.id}>
          <BusinessCard business={hit}>
            <p className="hit-facts">
              {hit.openNow === true && <span className="badge open">Open now</span>}
              {hit.openNow === false && <span className="badge closed">Closed</span>}
              {hit.verified && <span className="badge verified">Verified</span>}
              {hit.distanceKm !== undefined && (
                <span className="muted">
                  {formatDistance(hit.distanceKm)} <span className="sr-only">away</span>
                </span>
              )}
            </p>
          </BusinessCard>
        </li>
      ))}
    </ol>
  );
}
