import { SkeletonCards } from '../../components/ListState.js';
import { BusinessCard } from '../../components/BusinessCard.js';
import { formatDistance, type Hit } from '../../lib/search.js';

/** Placeholder cards while the first answer is on its way. */
export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  return <SkeletonCards count={count} label="Loading results" />;
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
