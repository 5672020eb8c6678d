import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../components/BusinessCard.js';
import { Pager } from '../components/Pager.js';
import type { Listing, Paged } from '../lib/api.js';

/** /search?q&location: the state lives in the address so a search can be shared. */
export function Search() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const location = params.get('location') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [what, setWhat] = useState(q);
  const [where, setWhere] = useState(location);
  const query = new URLSearchParams({ q, location, page: String(page) });
  const { data, error, isLoading } = useSWR<Paged & { businesses: Listing[] }>(`/api/search?${query}`);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (what.trim()) next.set('q', what.trim());
    if (where.trim()) next.set('location', where.trim());
    setParams(next);
  };
  return (
    <section>
      <h1>Search</h1>
      <form onSubmit={submit} role="search" className="search-form">
        <label>
          <span className="sr-only">What</span>
          <input value={what} onChange={(e) => setWhat(e.target.value)} placeholder="Search businesses..." />
        </label>
        <label>
          <span className="sr-only">Where</span>
          <input value={where} onChange={(e) => setWhere(e.target.value)} placeholder="Location" />
        </label>
        <button type="submit">Search</button>
      </form>
      {isLoading && <p>Searching…</p>}
      {error && <p role="alert">Unable to search right now: {String(error.message)}</p>}
      {data && (
        <>
          <p>
            {data.totalCount} results{q ? ` for “${q}”` : ''}
            {location ? ` in ${location}` : ''}
          </p>
          {data.businesses.length === 0 && <p>No businesses found. Try adjusting your search criteria.</p>}
          <div className="grid">
            {data.businesses.map((b) => (
              <BusinessCard key={b.id} business={b} />
            ))}
          </div>
          <Pager
            page={page}
            total={data.totalPages}
            onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
          />
        </>
      )}
    </section>
  );
}
