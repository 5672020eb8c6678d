import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { WEEKDAYS } from '@directory/core/rules/opening-hours.js';
import { slugify, stripSlugSuffix } from '@directory/core/rules/slug.js';
import { Stars } from '../components/BusinessCard.js';
import { MapView } from '../components/MapView.js';
import { request } from '../lib/api.js';
import { aboutFallback, businessJsonLd, directionsUrl, hasValidCoordinates, jsonLdText } from '../lib/business.js';
import { openBadge, weekdayOf } from '../lib/hours.js';
import { injectMarkup } from '../lib/inject.js';
import { businessKey } from '../ssr/routes.js';
import { useClientValue } from '../ssr/useClientValue.js';
import { NotFound } from './NotFound.js';
import { plural } from '../lib/format.js';

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

function AdSlot({ code }: { code?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current || !code) return;
    ref.current.innerHTML = '';
    injectMarkup(code, ref.current);
  }, [code]);
  return code ? <div ref={ref} className="ad-slot" /> : null;
}

export function BusinessDetail() {
  const { slug = '' } = useParams();
  // The key is the api address, as the server renders it (web/src/ssr/routes.ts).
  const { data, error, isLoading } = useSWR(businessKey(slug), () => loadBusiness(slug), {
    dedupingInterval: 10 * 60 * 1000,
    shouldRetryOnError: false,
  });
  const { data: ads } = useSWR<Record<string, string>>('/api/admin/advertisement-codes', {
    onError: (e) => console.error('Advertisement codes could not be loaded', e),
  });
  const [copied, setCopied] = useState(false);
  // Judged on the visitor's clock in the business's zone, so that a cached page does not keep a stale badge; the
  // server's HTML has no badge or highlighted row, and the browser adds them after hydration.
  const today = useClientValue<string | null>(() => (data ? weekdayOf(data.timeZone) : null), null);
  const badgeText = useClientValue<string | null>(
    () => (data ? (openBadge(data.workingHours, data.timeZone)?.text ?? null) : null),
    null,
  );
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const photoRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // In server-rendered HTML the photo may fail before hydration, when React was not yet listening.
    const img = photoRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailedPhoto(img.getAttribute('src'));
  }, [data?.photo]);

  if (isLoading)
    return (
      <div className="skeleton" aria-busy="true">
        Loading…
      </div>
    );
  if (error || !data) return <NotFound title="Business Not Found" />;

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
  return (
    <article className="detail">
      {data.photo && data.photo !== failedPhoto && (
        <img
          ref={photoRef}
          className="detail-photo"
          src={data.photo}
          alt={data.name}
          onError={() => setFailedPhoto(data.photo)}
        />
      )}
      <h1>{data.name}</h1>
      <p>
        {badgeText !== null && (
          <span className={badgeText.startsWith('Open') ? 'badge open' : 'badge closed'}>{badgeText}</span>
        )}
        {data.verified && <span className="badge verified">Verified</span>}
        <Stars rating={data.rating} /> ({plural(data.reviews, 'review')})
      </p>
      {(data.categorySlug || data.category) && (
        <Link className="badge" to={`/categories/${encodeURIComponent(data.categorySlug || slugify(data.category))}`}>
          {data.type ?? data.category}
        </Link>
      )}
      <p>
        {data.fullAddress}{' '}
        {data.citySlug && data.countryCode && (
          <Link to={`/cities/${data.countryCode.toLowerCase()}/${encodeURIComponent(data.citySlug)}`}>{data.city}</Link>
        )}{' '}
        {data.countryCode && (
          <Link to={`/countries/${data.countryCode.toLowerCase()}`}>{data.country ?? data.countryCode}</Link>
        )}
      </p>
      <div className="actions">
        {data.phone && <a href={`tel:${data.phone}`}>Call Now</a>}
        {data.placeId && (
          <a href={directionsUrl(data.placeId, data.name)} target="_blank" rel="noopener noreferrer">
            Get Directions
          </a>
        )}
        <button onClick={share}>{copied ? 'Copied!' : 'Share'}</button>
      </div>
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
      <section>
        <h2>Location</h2>
        {hasMap ? (
          <MapView latitude={data.latitude!} longitude={data.longitude!} label={data.name} />
        ) : (
          <p>Location not available</p>
        )}
      </section>
      {data.workingHours && (
        <section>
          <h2>Opening Hours</h2>
          <table>
            <tbody>
              {WEEKDAYS.filter((d) => data.workingHours![d] !== undefined).map((d) => (
                <tr key={d} className={d === today ? 'today' : undefined}>
                  <th>{d}</th>
                  <td>{data.workingHours![d]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <AdSlot code={ads?.ad3} />
      <section>
        <h2>Contact Information</h2>
        {data.phone && (
          <p>
            <a href={`tel:${data.phone}`}>{data.phone}</a>
          </p>
        )}
        <p>{data.fullAddress}</p>
      </section>
      <AdSlot code={ads?.ad4} />
      <section>
        <h2>Business Details</h2>
        <dl>
          <dt>Category</dt>
          <dd>{data.category}</dd>
          <dt>Status</dt>
          <dd>OPERATIONAL</dd>
          <dt>Total reviews</dt>
          <dd>{data.reviews}</dd>
        </dl>
      </section>
      {/* Structured data for search engines; rendered in the page so the server-side render carries it too. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(businessJsonLd(data)) }} />
    </article>
  );
}
