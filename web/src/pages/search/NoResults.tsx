import { Link } from 'react-router-dom';
import type { SearchAlternatives } from '@directory/core/wire/search.js';
import { categoryTarget, resultCount, searchHref, type SearchState } from '../../lib/search.js';

/**
 * An empty search is never a dead end: the same words anywhere, in the cities whose names are close to the place
 * typed, without the other filters, names, categories and cities close to what was typed, the popular categories of
 * the place. Every offer is one the api counted.
 */
export function NoResults(props: {
  state: SearchState;
  alternatives: SearchAlternatives | null | undefined;
  /** The filters chosen, with a way to clear them all (shown when the api offers nothing better). */
  hasFilters: boolean;
  onClearFilters: () => void;
}) {
  const { state } = props;
  const offers = props.alternatives;
  const place = state.location || state.city || state.country || (state.bbox ? 'this area' : '');
  const placeless = { ...state, location: '', city: '', country: '', radiusKm: undefined, bbox: undefined, page: 1 };
  const unfiltered = { ...state, category: '', minRating: undefined, openNow: false, page: 1 };
  const close = offers?.didYouMean;
  const closeCount = close ? close.businesses.length + close.categories.length + close.cities.length : 0;
  return (
    <div className="empty no-results">
      <p>
        <strong>No businesses found</strong>
      </p>
      <p>Try adjusting your search criteria.</p>
      <ul className="alternatives">
        {offers?.everywhere && (
          <li>
            <Link to={searchHref(placeless)}>
              Search “{state.q}” everywhere ({resultCount(offers.everywhere.total, offers.everywhere.exhaustive)})
            </Link>
          </li>
        )}
        {offers?.inCitiesLike.map(({ city, total, exhaustive }) => (
          <li key={`in:${city.countryCode}/${city.slug}`}>
            <Link to={searchHref({ ...placeless, city: city.slug, country: city.countryCode })}>
              {state.q ? `Search “${state.q}” in ${city.name}` : `Businesses in ${city.name}`} (
              {resultCount(total, exhaustive)})
            </Link>
          </li>
        ))}
        {offers?.withoutFilters && (
          <li>
            <Link to={searchHref(unfiltered)}>
              The same search without the filters (
              {resultCount(offers.withoutFilters.total, offers.withoutFilters.exhaustive)})
            </Link>
          </li>
        )}
      </ul>
      {close && closeCount > 0 && (
        <div className="did-you-mean">
          <h2>Did you mean</h2>
          <ul>
            {close.businesses.map((b) => (
              <li key={`b:${b.slug}`}>
                <Link to={`/business/${encodeURIComponent(b.slug)}`}>{b.name}</Link>
                {b.city && <span className="muted"> · {b.city}</span>}
              </li>
            ))}
            {close.categories.map((c) => (
              <li key={`c:${c.slug}`}>
                <Link to={categoryTarget(c.slug, state.location)}>{c.name}</Link>
                <span className="muted"> · category</span>
              </li>
            ))}
            {close.cities.map((c) => (
              <li key={`t:${c.countryCode}/${c.slug}`}>
                <Link to={`/cities/${c.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`}>{c.name}</Link>
                <span className="muted"> · city</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {offers && offers.popularHere.length > 0 && (
        <div className="popular-here">
          <h2>Popular in {place}</h2>
          <ul>
            {offers.popularHere.map((c) => (
              <li key={c.value}>
                <Link to={searchHref({ ...unfiltered, q: '', category: c.value })}>{c.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!offers?.withoutFilters && props.hasFilters && (
        <button type="button" onClick={props.onClearFilters}>
          Clear all filters
        </button>
      )}
    </div>
  );
}
