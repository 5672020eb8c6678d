import { SkeletonCards } from '../../components/ListState.js';
import type { Hit } from '../../lib/search.js';
import { ResultCard } from './ResultCard.js';

/** Placeholder cards while the first answer is on its way. */
export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  return <SkeletonCards count={count} label="Loading results" />;
}

/** The hits of one page, one compact card a row; the active one (hovered here or on the map) is marked. */
export function ResultsList({
  hits,
  busy,
  activeId,
  onActivate,
}: {
  hits: Hit[];
  busy: boolean;
  activeId: number | null;
  onActivate: (id: number | null) => void;
}) {
  return (
    <ol className={`results result-rows${busy ? ' busy' : ''}`} aria-busy={busy} aria-label="Results">
      {hits.map((hit) => (
        <li key={hit.id}>
          <ResultCard hit={hit} active={hit.id === activeId} onActivate={onActivate} />
        </li>
      ))}
    </ol>
  );
}
