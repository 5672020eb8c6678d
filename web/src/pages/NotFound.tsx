import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SearchBox } from '../components/SearchBox.js';
import { searchHref } from '../lib/search.js';
import type { SearchNavigationState } from './Search.js';

/** The not-found page (and 'Business Not Found'): a what/where search and ways back. */
export function NotFound({ title = '404 — Page not found' }: { title?: string }) {
  const navigate = useNavigate();
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
