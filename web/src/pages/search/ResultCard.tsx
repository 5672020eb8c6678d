import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Rating } from '../../components/Rating.js';
import { WebsiteLink } from '../../components/WebsiteLink.js';
import { safeHref } from '../../lib/detail.js';
import { formatDistance, type Hit } from '../../lib/search.js';
import { openStateText } from '@directory/core/rules/open-state.js';

/** The place a card names after the category: the city, with the country code when known. */
function placeOf(hit: Hit): string | null {
  if (!hit.city) return hit.country;
  return hit.countryCode ? `${hit.city}, ${hit.countryCode}` : hit.city;
}

/** A photo, or a placeholder when there is none or it fails (also when it failed before hydration). */
function Thumbnail({ hit }: { hit: Hit }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setFailed(true);
  }, []);
  if (!hit.photo || failed)
    return (
      <span className="result-thumb placeholder" aria-hidden="true">
        {(hit.category ?? hit.name).slice(0, 1).toUpperCase()}
      </span>
    );
  return (
    <img className="result-thumb" src={hit.photo} alt="" loading="lazy" ref={img} onError={() => setFailed(true)} />
  );
}

/**
 * One search hit as a compact row: thumbnail, name, category and place, rating with its review count, open now,
 * distance, phone and website. Hovering or focusing it marks it active, which raises its marker on the map.
 */
export function ResultCard({
  hit,
  active,
  onActivate,
}: {
  hit: Hit;
  active: boolean;
  onActivate: (id: number | null) => void;
}) {
  const href = `/business/${encodeURIComponent(hit.slug)}`;
  const line = [hit.category, placeOf(hit)].filter(Boolean).join(' · ');
  // Only an http(s) address is a link; its host is what the visitor reads ("cafe.ch").
  const website = safeHref(hit.website);
  return (
    <article
      className={`result-card${active ? ' active' : ''}`}
      data-id={hit.id}
      onMouseEnter={() => onActivate(hit.id)}
      onMouseLeave={() => onActivate(null)}
      onFocus={() => onActivate(hit.id)}
      onBlur={() => onActivate(null)}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="result-thumb-link">
        <Thumbnail hit={hit} />
      </Link>
      <div className="result-facts">
        <h3>
          <Link to={href}>{hit.name}</Link>
        </h3>
        {line && <p className="muted">{line}</p>}
        <p>
          <Rating rating={hit.rating} reviews={hit.reviews} />
        </p>
        {(hit.openNow !== null || hit.verified || hit.distanceKm !== undefined || hit.phone || website) && (
          <p className="hit-facts">
            {hit.openNow !== null && (
              <span className={`badge ${hit.openNow ? 'open' : 'closed'}`}>
                {openStateText({ open: hit.openNow, closesAt: hit.closesAt, opensAt: hit.opensAt })}
              </span>
            )}
            {hit.verified && <span className="badge verified">Verified</span>}
            {hit.distanceKm !== undefined && (
              <span className="muted">
                {formatDistance(hit.distanceKm)} <span className="sr-only">away</span>
              </span>
            )}
            {hit.phone && (
              <a className="result-phone" href={`tel:${hit.phone.replace(/[^\d+]/g, '')}`}>
                {hit.phone}
              </a>
            )}
            <WebsiteLink className="result-website" url={website} name={hit.name} />
          </p>
        )}
      </div>
    </article>
  );
}
