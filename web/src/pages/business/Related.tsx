import { Link } from 'react-router-dom';
import useSWR from 'swr';
import type { SearchListing } from '@directory/core/wire/listing.js';
import { Rating } from '../../components/Rating.js';
import { formatDistance } from '../../lib/search.js';

interface RelatedPlaces {
  nearby: SearchListing[];
  similar: SearchListing[];
}

/** The related-places read of a business page (GET /api/businesses/{slug}/nearby). */
export const relatedKey = (slug: string) => `/api/businesses/${encodeURIComponent(slug)}/nearby`;

function PlaceList({ title, places }: { title: string; places: SearchListing[] }) {
  if (places.length === 0) return null;
  return (
    <section className="related">
      <h2>{title}</h2>
      <ul className="related-list">
        {places.map((p) => (
          <li key={p.id} className="card related-card">
            <Link to={`/business/${encodeURIComponent(p.slug)}`}>{p.name}</Link>
            <span className="muted">{[p.category, p.city].filter(Boolean).join(' · ')}</span>
            <span>
              <Rating rating={p.rating} reviews={p.reviews} />
            </span>
            {p.distanceKm !== undefined && <span className="muted">{formatDistance(p.distanceKm)} away</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nearby places and more of the same category in the same city, read after the page itself. */
export function RelatedPlacesSection(props: { slug: string; category: string | null; city: string | null }) {
  const { data } = useSWR<RelatedPlaces>(relatedKey(props.slug), { dedupingInterval: 10 * 60 * 1000 });
  if (!data) return null;
  const similarTitle =
    props.category && props.city ? `Other ${props.category} businesses in ${props.city}` : 'Similar places';
  return (
    <div className="related-places">
      <PlaceList title="Nearby places" places={data.nearby} />
      <PlaceList title={similarTitle} places={data.similar} />
    </div>
  );
}
