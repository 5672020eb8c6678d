import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../components/BusinessCard.js';
import { SearchBox } from '../components/SearchBox.js';
import { compactCount, COUNTER_MS, COUNTER_STEPS, countUpValue, formatCount } from '../lib/format.js';
import { searchHref } from '../lib/search.js';
import type { SearchNavigationState } from './Search.js';

interface HomeData {
  popularSearches: { category: string; slug: string; count: number }[];
  topCities: { city: string; slug: string; countryCode: string; count: number }[];
  topCountries: { country: string; slug: string; businessCount: number }[];
  totals: { businesses: number; countries: number; cities: number; categories: number };
}
interface Featured {
  id: number;
  slug: string;
  name: string;
  type: string | null;
  category: string | null;
  image_url: string | null;
  rating: number;
  reviews: number;
  full_address: string | null;
}

const TABS = ['categories', 'cities', 'countries'] as const;

const noSubscription = () => () => {};

/**
 * A home counter, counting up to its value over 2 s in 50 steps (public spec §9) once it is in the browser. The
 * server's HTML and the hydrating render hold the final value (what a visitor without JavaScript reads, and what
 * hydration must match); then it counts up from 0, as it does when mounted by a client-side navigation.
 */
function Counter({ value, label }: { value: number; label: string }) {
  const hydrating = !useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [shown, setShown] = useState(hydrating ? value : 0);
  useEffect(() => {
    let step = 0;
    setShown(countUpValue(value, step));
    const timer = setInterval(() => {
      step++;
      setShown(countUpValue(value, step));
      if (step >= COUNTER_STEPS) clearInterval(timer);
    }, COUNTER_MS / COUNTER_STEPS);
    return () => clearInterval(timer);
  }, [value]);
  return (
    <div className="counter">
      <strong>{compactCount(shown)}</strong>
      <span>{label}</span>
    </div>
  );
}

export function Home() {
  const navigate = useNavigate();
  const [what, setWhat] = useState('');
  const [where, setWhere] = useState('');
  const [tab, setTab] = useState<(typeof TABS)[number]>('categories');
  const { data } = useSWR<HomeData>('/api/homepage-data', { dedupingInterval: 2 * 60 * 60 * 1000 });
  const { data: featured } = useSWR<Featured[]>('/api/featured-businesses', { dedupingInterval: 30 * 60 * 1000 });

  const search = (event: React.FormEvent) => {
    event.preventDefault();
    navigate(searchHref({ q: what, location: where }), {
      state: { focusResults: true } satisfies SearchNavigationState,
    });
  };

  return (
    <>
      <section className="hero">
        <h1>Find trusted businesses worldwide</h1>
        <p>Trusted by millions worldwide</p>
        <form className="search-form" onSubmit={search} role="search">
          <SearchBox
            kind="what"
            label="Search businesses"
            value={what}
            onChange={setWhat}
            placeholder="Search businesses..."
            location={where}
          />
          <SearchBox kind="where" label="Location" value={where} onChange={setWhere} placeholder="Location" />
          <button type="submit">Search</button>
        </form>
      </section>
      {data && (
        <section className="counters">
          <Counter value={data.totals.businesses} label="Businesses" />
          <Counter value={data.totals.countries} label="Countries" />
          <Counter value={data.totals.cities} label="Cities" />
          <Counter value={data.totals.categories} label="Categories" />
        </section>
      )}
      <section>
        <div className="section-head">
          <h2>Featured Businesses</h2>
          <Link to="/businesses">View all</Link>
        </div>
        <div className="grid">
          {featured?.map((b) => (
            <BusinessCard
              key={b.id}
              business={{
                id: b.id,
                slug: b.slug,
                name: b.name,
                category: b.type ?? b.category,
                categorySlug: null,
                rating: b.rating,
                reviews: b.reviews,
                city: null,
                citySlug: null,
                country: null,
                countryCode: null,
                phone: null,
                photo: b.image_url,
                fullAddress: b.full_address,
              }}
            />
          ))}
        </div>
      </section>
      <section>
        <h2>Explore Directory</h2>
        {/* The ARIA tabs pattern: one tab in the Tab order, arrow keys move between tabs. */}
        <div role="tablist" className="tabs" aria-label="Explore Directory">
          {TABS.map((t, index) => (
            <button
              key={t}
              id={`explore-tab-${t}`}
              role="tab"
              aria-selected={tab === t}
              aria-controls="explore-panel"
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              onKeyDown={(event) => {
                const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
                if (!step) return;
                event.preventDefault();
                const next = TABS[(index + step + TABS.length) % TABS.length];
                setTab(next);
                document.getElementById(`explore-tab-${next}`)?.focus();
              }}
            >
              {t[0].toUpperCase() + t.slice(1)}
            </button>
          ))}
        </div>
        <div id="explore-panel" role="tabpanel" aria-labelledby={`explore-tab-${tab}`}>
          <ul className="chips">
            {tab === 'categories' &&
              data?.popularSearches.map((c) => (
                <li key={c.slug}>
                  <Link to={`/categories/${encodeURIComponent(c.slug)}`}>
                    {c.category} <span className="muted">{formatCount(c.count)}</span>
                  </Link>
                </li>
              ))}
            {tab === 'cities' &&
              data?.topCities.map((c) => (
                <li key={`${c.countryCode}/${c.slug}`}>
                  <Link to={`/cities/${c.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`}>
                    {c.city} <span className="muted">{formatCount(c.count)}</span>
                  </Link>
                </li>
              ))}
            {tab === 'countries' &&
              data?.topCountries.map((c) => (
                <li key={c.slug}>
                  <Link to={`/countries/${encodeURIComponent(c.slug)}`}>
                    {c.country} <span className="muted">{formatCount(c.businessCount)}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      </section>
      <section className="why">
        <h2>Why Choose WorldBiz</h2>
        <div className="grid">
          <div>
            <h3>Verified Listings</h3>
            <p>Businesses with verified profiles are marked so you know who you are dealing with.</p>
          </div>
          <div>
            <h3>Smart Search</h3>
            <p>Search by name, category and place, and filter by rating and opening hours.</p>
          </div>
          <div>
            <h3>Real Reviews</h3>
            <p>Ratings and review counts come from real customers.</p>
          </div>
        </div>
        <p>
          <Link to="/businesses">Browse businesses</Link> · <Link to="/categories">Explore categories</Link>
        </p>
      </section>
    </>
  );
}
