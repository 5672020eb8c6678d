import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdSlot, useAdCodes } from '../components/AdSlot.js';
import { SearchBox } from '../components/SearchBox.js';
import { searchHref } from '../lib/search.js';
import type { SearchNavigationState } from './Search.js';

/**
 * The not-found page (and 'Business Not Found'): a what/where search and ways back; the 404 page also has its
 * 300×250 advertisement slot (public spec §2), filled with the admin's first ad code.
 */
export function NotFound({ title = '404 — Page not found', withAd = true }: { title?: string; withAd?: boolean }) {
  const navigate = useNavigate();
  const ads = useAdCodes();
  const [what, setWhat] = useState('');
  const [where, setWhere] = useState('');
  const search = (event: React.FormEvent) => {
    event.preventDefault();
    if (!what.trim()) return;
    navigate(searchHref({ q: what, location: where }), {
      state: { focusResults: true } satisfies SearchNavigationState,
    });
  };
  return (
    <section className="not-found">
      <h1>{title}</h1>
      <p>The page you are looking for does not exist.</p>
      {withAd && <AdSlot code={ads?.ad1} className="ad-slot-404" />}
      <form onSubmit={search} role="search" className="search-form">
        <SearchBox
          kind="what"
          label="What"
          value={what}
          onChange={setWhat}
          placeholder="What are you looking for?"
          location={where}
        />
        <SearchBox kind="where" label="Where" value={where} onChange={setWhere} placeholder="Where?" />
        <button type="submit" disabled={!what.trim()}>
          Search
        </button>
      </form>
      <div className="grid">
        <Link className="card" to="/categories">
          Categories
        </Link>
        <Link className="card" to="/countries">
          Countries
        </Link>
        <Link className="card" to="/cities">
          Cities
        </Link>
      </div>
      <Link to="/">Back to Home</Link>
    </section>
  );
}
