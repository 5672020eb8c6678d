import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { Stars } from '../components/BusinessCard.js';
import { MapView } from '../components/MapView.js';
import { request } from '../lib/api.js';
import { injectMarkup } from '../lib/inject.js';
import { NotFound } from './NotFound.js';

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
  openNow: boolean | null;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Public spec §5: one retry without a trailing -xxxxxx suffix. */
async function loadBusiness(slug: string): Promise<Business> {
  try {
    return await request<Business>(`/api/businesses/${encodeURIComponent(slug)}`);
  } catch (error) {
    const trimmed = /^(.+)-[a-z0-9]{6}$/.exec(slug)?.[1];
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
  const { data, error, isLoading } = useSWR(['business', slug], () => loadBusiness(slug), {
    dedupingInterval: 10 * 60 * 1000,
    shouldRetryOnError: false,
  });
  const { data: ads } = useSWR<Record<string, string>>('/api/admin/advertisement-codes', {
    onError: (e) => console.error('Advertisement codes could not be loaded', e),
  });
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!data) return;
    document.title = `${data.name} - ${data.type ?? data.category ?? 'Business'} | WorldBiz Directory`;
    const description = `${data.name}, ${data.type ?? ''} in ${data.city ?? ''} ${data.countryCode ?? ''}. Rated ${data.rating} from ${data.reviews} reviews.`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [data]);

  if (isLoading)
    return (
      <div className="skeleton" aria-busy="true">
        Loading…
      </div>
    );
  if (error || !data) return <NotFound title="Business Not Found" />;

  const today = DAYS[new Date().getDay()];
  const hasMap = data.latitude !== null && data.longitude !== null;
  const share = async () => {
    await navigator.clipboard?.writeText(window.location.href);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <article className="detail">
      {data.photo && (
        <img
          className="detail-photo"
          src={data.photo}
          alt={data.name}
          onError={(event) => (event.currentTarget.style.display = 'none')}
        />
      )}
      <h1>{data.name}</h1>
      <p>
        {data.openNow !== null && (
          <span className={data.openNow ? 'badge open' : 'badge closed'}>{data.openNow ? 'Open' : 'Closed'}</span>
        )}
        {data.verified && <span className="badge verified">Verified</span>}
        <Stars rating={data.rating} /> ({data.reviews} reviews)
      </p>
      {data.categorySlug && (
        <Link className="badge" to={`/categories/${encodeURIComponent(data.categorySlug)}`}>
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
          <a
            href={`https://www.google.com/maps/place/?q=place_id:${data.placeId}`}
            target="_blank"
            rel="noopener noreferrer"
          >
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
        <p>
          {typeof data.about === 'string'
            ? data.about
            : `${data.name} is a ${data.type ?? data.category ?? 'business'}${data.city ? ` in ${data.city}` : ''}.`}
        </p>
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
              {DAYS.filter((d) => data.workingHours![d] !== undefined).map((d) => (
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
    </article>
  );
}
