import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { safeHref } from '../lib/detail.js';
import { Rating } from './Rating.js';
import { WebsiteLink } from './WebsiteLink.js';

const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#e8eef7"/><text x="200" y="160" font-family="system-ui, sans-serif" font-size="28" text-anchor="middle" fill="#6b7c93">No photo</text></svg>',
  );

type Shown = 'photo' | 'fallback' | 'icon';
/**
 * A photo that fails shows the fallback image; a failing fallback shows the icon. Keyed by what failed,
 * so that one failure reported twice (error event and the hydration check) moves one step only.
 */
const afterFailure = (failed: Shown) => (shown: Shown) =>
  shown !== failed ? shown : failed === 'photo' ? 'fallback' : 'icon';

/**
 * Photos that failed in this document: a card shown again (Back to a list) starts with the fallback instead
 * of asking for the photo again and showing it broken meanwhile. Empty on the server, where nothing fails.
 */
const failedPhotos = new Set<string>();
const failure = (photo: string | null | undefined, what: Shown) => {
  if (what === 'photo' && photo) failedPhotos.add(photo);
  return afterFailure(what);
};

/**
 * Shared business card (public spec §2): photo with fallbacks, name, category, rating, address, phone, and the
 * website when the listing carries one (the search engine's lists do); `children` go before the details link.
 * The card does not show the type, so a listing without one (the home page's featured) will do.
 */
export function BusinessCard({
  business,
  children,
  row = false,
}: {
  business: Omit<BusinessListing, 'type'> & { website?: string | null };
  children?: React.ReactNode;
  /** A compact row of a list view: a thumbnail beside the facts instead of a photo above them. */
  row?: boolean;
}) {
  const photo = business.photo;
  const [image, setImage] = useState<Shown>(photo && !failedPhotos.has(photo) ? 'photo' : 'fallback');
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // In server-rendered HTML the photo may fail before hydration, when React was not yet listening.
    const img = imageRef.current;
    if (img?.complete && img.naturalWidth === 0)
      setImage(failure(photo, img.getAttribute('src') === FALLBACK_IMAGE ? 'fallback' : 'photo'));
  }, [photo]);
  const picture =
    image === 'icon' ? (
      <div className="card-icon" aria-hidden="true">
        🏢
      </div>
    ) : (
      <img
        src={image === 'photo' ? business.photo! : FALLBACK_IMAGE}
        alt={business.name}
        loading="lazy"
        ref={imageRef}
        onError={() => setImage(failure(photo, image))}
      />
    );
  const place = business.fullAddress ? (
    <p className="muted">{business.fullAddress}</p>
  ) : business.city ? (
    <p className="muted">
      {business.city}
      {business.countryCode ? `, ${business.countryCode}` : ''}
    </p>
  ) : null;
  const contact = (
    <>
      {business.phone && <p>{business.phone}</p>}
      {safeHref(business.website) && (
        <p>
          <WebsiteLink className="card-website" url={business.website} name={business.name} />
        </p>
      )}
    </>
  );
  const details = (
    <Link className="card-details" to={`/business/${business.slug}`}>
      View Details
    </Link>
  );
  if (row)
    return (
      <article className="card card-row">
        <Link to={`/business/${business.slug}`} className="card-thumb" tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
        <div className="card-row-facts">
          <h3>
            <Link to={`/business/${business.slug}`} className="card-link">
              {business.name}
            </Link>
          </h3>
          <p>
            {business.category && <span className="badge">{business.category}</span>}
            <Rating rating={business.rating} reviews={business.reviews} />
          </p>
          {place}
          {contact}
          {children}
        </div>
        {details}
      </article>
    );
  return (
    <article className="card">
      <Link to={`/business/${business.slug}`} className="card-link">
        {picture}
        <h3>{business.name}</h3>
      </Link>
      {business.category && <span className="badge">{business.category}</span>}
      <Rating rating={business.rating} reviews={business.reviews} />
      {place}
      {contact}
      {children}
      {details}
    </article>
  );
}
