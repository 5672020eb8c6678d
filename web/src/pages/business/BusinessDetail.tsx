import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { slugify, stripSlugSuffix } from '@directory/core/rules/slug.js';
import { AdSlot, useAdCodes } from '../../components/AdSlot.js';
import { MapView } from '../../components/MapView.js';
import { Rating } from '../../components/Rating.js';
import { request } from '../../lib/api.js';
import { aboutFallback, businessJsonLd, directionsUrl, hasValidCoordinates, jsonLdText } from '../../lib/business.js';
import { addressParts, businessCrumbs, safeHref, websiteHost } from '../../lib/detail.js';
import { formatCount } from '../../lib/format.js';
import { reviewCount } from '../../lib/rating.js';
import { openBadge, weekdayOf } from '../../lib/hours.js';
import { businessKey } from '../../ssr/routes.js';
import { useClientValue } from '../../ssr/useClientValue.js';
import { NotFound } from '../NotFound.js';
import { Breadcrumb } from './Breadcrumb.js';
import { HoursSection } from './Hours.js';
import { DetailPhoto } from './Photo.js';
import { RelatedPlacesSection } from './Related.js';

interface Business {
  name: string;
  type: string | null;
  category: string | null;
  categorySlug: string | null;
  slug: string;
  photo: string | null;
  rating: number;
  reviews: number;
  verified: boolean;
  fullAddress: string | null;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  about: string | { groups: Record<string, Record<string, boolean>> } | null;
  amenities: string[];
  workingHours: Record<string, string> | null;
  timeZone?: string | null;
  openNow: boolean | null;
  url?: string | null;
  reviewsLink?: string | null;
  locatedIn?: string | null;
}

/** Public spec §5: one retry without a trailing -xxxxxx suffix. */
async function loadBusiness(slug: string): Promise<Business> {
  try {
    return await request<Business>(`/api/businesses/${encodeURIComponent(slug)}`);
  } catch (error) {
    const trimmed = stripSlugSuffix(slug);
    if (!trimmed) throw error;
    return request<Business>(`/api/businesses/${encodeURIComponent(trimmed)}`);
  }
}

/** The page's shape while the business is read: the spec's loading skeleton, not a sentence. */
function DetailSkeleton() {
  return (
    <div className="detail" aria-busy="true" aria-label="Loading business">
      <div className="skeleton-block wide" />
      <div className="detail-columns">
        <div>
          <div className="skeleton-block photo" />
          <div className="skeleton-block wide" />
          <div className="skeleton-block" />
          <div className="skeleton-block short" />
        </div>
        <div>
          <div className="skeleton-block photo" />
          <div className="skeleton-block" />
        </div>
      </div>
    </div>
  );
}

export function BusinessDetail() {
  const { slug = '' } = useParams();
  // The key is the api address, as the server renders it (web/src/ssr/routes.ts).
  const { data, error, isLoading } = useSWR(businessKey(slug), () => loadBusiness(slug.toLowerCase()), {
    dedupingInterval: 10 * 60 * 1000,
    shouldRetryOnError: false,
  });
  const ads = useAdCodes();
  const [copied, setCopied] = useState(false);
  // Judged on the visitor's clock in the business's zone, so that a cached page does not keep a stale badge; the
  // server's HTML has no badge or highlighted row, and the browser adds them after hydration.
  const today = useClientValue(() => (data ? weekdayOf(data.timeZone) : null), null);
  const badgeText = useClientValue<string | null>(
    () => (data ? (openBadge(data.workingHours, data.timeZone)?.text ?? null) : null),
    null,
  );
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  if (isLoading) return <DetailSkeleton />;
  if (error || !data) return <NotFound title="Business Not Found" withAd={false} />;

  const hasMap = hasValidCoordinates(data.latitude, data.longitude);
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch (error) {
      console.error('The address could not be copied', error);
      return;
    }
    setCopied(true);
    // A second click restarts the 2 s of 'Copied!' (public spec §4).
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), 2000);
  };
  const code = data.countryCode?.toLowerCase();
  const cityPath = code && data.citySlug ? `/cities/${code}/${encodeURIComponent(data.citySlug)}` : null;
  const address = addressParts(
    data.fullAddress,
    cityPath ? data.city : null,
    code ? (data.country ?? data.countryCode) : null,
  );
  const addressLine = address.map((part, i) =>
    part.link === 'city' && cityPath ? (
      <Link key={i} to={cityPath}>
        {part.text}
      </Link>
    ) : part.link === 'country' && code ? (
      <Link key={i} to={`/countries/${code}`}>
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );
  const website = safeHref(data.url);
  const reviews = safeHref(data.reviewsLink);
  // The badge names what it links to: the category (the type, when it says more, is written beside it).
  const categorySlug = data.categorySlug || (data.category ? slugify(data.category) : null);
  const typeDiffers = data.type && data.type.trim().toLowerCase() !== data.category?.trim().toLowerCase();
  return (
    <article className="detail">
      <Breadcrumb crumbs={businessCrumbs({ ...data, categorySlug })} />
      <header className="detail-head">
        <h1>{data.name}</h1>
        {typeDiffers && <p className="detail-type">{data.type}</p>}
        <p>
          {badgeText !== null && (
            <span className={badgeText.startsWith('Open') ? 'badge open' : 'badge closed'}>{badgeText}</span>
          )}
          {data.verified && <span className="badge verified">Verified</span>}
          {data.category && categorySlug && (
            <Link className="badge" to={`/categories/${encodeURIComponent(categorySlug)}`}>
              {data.category}
            </Link>
          )}
        </p>
        <p>
          <Rating rating={data.rating} reviews={data.reviews} />
        </p>
        {address.length > 0 && <p className="detail-address">{addressLine}</p>}
        <div className="actions">
          {data.phone && <a href={`tel:${data.phone}`}>Call Now</a>}
          {data.placeId && (
            <a href={directionsUrl(data.placeId, data.name)} target="_blank" rel="noopener noreferrer">
              Get Directions
            </a>
          )}
          {website && (
            <a href={website} target="_blank" rel="nofollow noopener">
              Website
            </a>
          )}
          <button onClick={share}>{copied ? 'Copied!' : 'Share'}</button>
        </div>
      </header>
      <div className="detail-columns">
        <div className="detail-main">
          <DetailPhoto src={data.photo} name={data.name} />
          <AdSlot code={ads?.ad1} />
          {data.amenities.length > 0 && (
            <section>
              <h2>Amenities</h2>
              <ul className="chips">
                {data.amenities.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </section>
          )}
          <section>
            <h2>About</h2>
            <p>{typeof data.about === 'string' ? data.about : aboutFallback(data)}</p>
          </section>
          <AdSlot code={ads?.ad2} />
          <HoursSection hours={data.workingHours} today={today} />
          <AdSlot code={ads?.ad3} />
          <section>
            <h2>Business Details</h2>
            <dl>
              <dt>Category</dt>
              <dd>{data.category}</dd>
              {typeDiffers && (
                <>
                  <dt>Type</dt>
                  <dd>{data.type}</dd>
                </>
              )}
              {data.locatedIn && (
                <>
                  <dt>Located in</dt>
                  <dd>{data.locatedIn}</dd>
                </>
              )}
              <dt>Status</dt>
              <dd>OPERATIONAL</dd>
              {/* A count of 0 is the api's "unknown": no row rather than a false 0. */}
              {data.reviews > 0 && (
                <>
                  <dt>Total reviews</dt>
                  <dd>{formatCount(data.reviews)}</dd>
                </>
              )}
            </dl>
          </section>
        </div>
        <aside className="detail-side">
          <section className="detail-card">
            <h2>Contact Information</h2>
            <dl className="facts">
              {data.phone && (
                <>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${data.phone}`}>{data.phone}</a>
                  </dd>
                </>
              )}
              {website && (
                <>
                  <dt>Website</dt>
                  <dd>
                    <a href={website} target="_blank" rel="nofollow noopener">
                      {websiteHost(data.url)}
                    </a>
                  </dd>
                </>
              )}
              {address.length > 0 && (
                <>
                  <dt>Address</dt>
                  <dd>{address.map((part) => part.text).join('')}</dd>
                </>
              )}
              {reviews && (
                <>
                  <dt>Reviews</dt>
                  <dd>
                    <a href={reviews} target="_blank" rel="nofollow noopener">
                      {data.reviews > 0 ? `Read all ${reviewCount(data.reviews)}` : 'Read the reviews'}
                    </a>
                  </dd>
                </>
              )}
            </dl>
          </section>
          <AdSlot code={ads?.ad4} />
          <section className="detail-card">
            <h2>Location</h2>
            {hasMap ? (
              <MapView latitude={data.latitude!} longitude={data.longitude!} label={data.name} />
            ) : (
              <p>Location not available</p>
            )}
          </section>
        </aside>
      </div>
      <RelatedPlacesSection slug={data.slug} category={data.category} city={data.city} />
      {/* Structured data for search engines; rendered in the page so the server-side render carries it too. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(businessJsonLd(data)) }} />
    </article>
  );
}
