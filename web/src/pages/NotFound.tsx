import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/** The not-found page (and 'Business Not Found'): a what/where search and ways back. */
export function NotFound({ title = '404 — Page not found' }: { title?: string }) {
  const navigate = useNavigate();
  const [what, setWhat] = useState('');
  const [where, setWhere] = useState('');
  const search = (event: React.FormEvent) => {
    event.preventDefault();
    if (!what.trim()) return;
    const params = new URLSearchParams({ q: what.trim() });
    if (where.trim()) params.set('location', where.trim());
    navigate(`/search?${params}`);
  };
  return (
    <section className="not-found">
      <h1>{title}</h1>
      <p>The page you are looking for does not exist.</p>
      <form onSubmit={search} role="search" className="search-form">
        <label>
          <span className="sr-only">What</span>
          <input value={what} onChange={(e) => setWhat(e.target.value)} placeholder="What are you looking for?" />
        </label>
        <label>
          <span className="sr-only">Where</span>
          <input value={where} onChange={(e) => setWhere(e.target.value)} placeholder="Where?" />
        </label>
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
