import { useId } from 'react';
import { facetCount, RADII, RATINGS, type Facet, type SearchResponse, type SearchState } from '../../lib/search.js';

export type Update = (changes: Partial<SearchState>) => void;

/** A facet value's name for display, when the current answer no longer lists the selected one. */
export function prettySlug(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function FacetSelect(props: {
  label: string;
  anyLabel: string;
  value: string;
  facets: Facet[];
  selectedLabel: string;
  exhaustive: boolean;
  onChange: (value: string) => void;
  optionValue?: (facet: Facet) => string;
}) {
  const id = useId();
  const valueOf = props.optionValue ?? ((f: Facet) => f.value);
  const listed = props.facets.some((f) => valueOf(f) === props.value);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.anyLabel}</option>
        {props.value && !listed && <option value={props.value}>{props.selectedLabel}</option>}
        {props.facets.map((f) => {
          const count = facetCount(f.count, props.exhaustive);
          return (
            <option key={valueOf(f)} value={valueOf(f)}>
              {count === null ? f.label : `${f.label} (${count})`}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/**
 * The filter panel: category, country and city from the answer's facets (with their counts), minimum
 * rating, open now, and the distance limit when the search has a point. Every change applies at once.
 */
export function SearchFilters(props: {
  id: string;
  state: SearchState;
  facets: SearchResponse['facets'] | undefined;
  /** Whether the facet counts are exact (else each is shown as "about N", or without one when not counted). */
  exhaustive: boolean;
  labels: { category: string; country: string; city: string };
  update: Update;
  /** `available` is null until the browser has said (the server's render): neither the button nor the sentence. */
  geolocation: { available: boolean | null; locating: boolean; message: string; locate: () => void };
  className?: string;
}) {
  const { state, update } = props;
  const facets = props.facets ?? { category: [], country: [], city: [] };
  const ratingId = useId();
  const radiusId = useId();
  const hasPoint = state.lat !== undefined && state.lng !== undefined;
  return (
    <aside id={props.id} className={props.className} aria-label="Filters">
      <h2>Filters</h2>
      <FacetSelect
        label="Category"
        anyLabel="Any category"
        value={state.category}
        facets={facets.category ?? []}
        exhaustive={props.exhaustive}
        selectedLabel={props.labels.category}
        onChange={(category) => update({ category })}
      />
      <FacetSelect
        label="Country"
        anyLabel="Any country"
        value={state.country}
        facets={facets.country ?? []}
        exhaustive={props.exhaustive}
        selectedLabel={props.labels.country}
        onChange={(country) => update({ country, city: '' })}
      />
      <FacetSelect
        label="City"
        anyLabel="Any city"
        value={state.city ? `${state.country}/${state.city}` : ''}
        facets={facets.city ?? []}
        optionValue={(f) => `${f.countryCode ?? state.country}/${f.value}`}
        exhaustive={props.exhaustive}
        selectedLabel={props.labels.city}
        onChange={(value) => {
          if (!value) return update({ city: '' });
          const cut = value.indexOf('/');
          update({ country: value.slice(0, cut), city: value.slice(cut + 1) });
        }}
      />
      <div className="field">
        <label htmlFor={ratingId}>Minimum rating</label>
        <select
          id={ratingId}
          value={state.minRating ?? ''}
          onChange={(e) => update({ minRating: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Any rating</option>
          {RATINGS.map((r) => (
            <option key={r} value={r}>
              {r.toFixed(1)}+ stars
            </option>
          ))}
          {state.minRating !== undefined && !(RATINGS as readonly number[]).includes(state.minRating) && (
            <option value={state.minRating}>{state.minRating}+ stars</option>
          )}
        </select>
      </div>
      <div className="field check">
        <input
          id={`${props.id}-open`}
          type="checkbox"
          checked={state.openNow}
          onChange={(e) => update({ openNow: e.target.checked })}
        />
        <label htmlFor={`${props.id}-open`}>Open now</label>
      </div>
      <div className="field">
        <span className="field-label">Distance</span>
        {hasPoint ? (
          <>
            <label htmlFor={radiusId} className="sr-only">
              Within
            </label>
            <select
              id={radiusId}
              value={state.radiusKm ?? ''}
              onChange={(e) => update({ radiusKm: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">Any distance</option>
              {RADII.map((r) => (
                <option key={r} value={r}>
                  Within {r} km
                </option>
              ))}
              {state.radiusKm !== undefined && !(RADII as readonly number[]).includes(state.radiusKm) && (
                <option value={state.radiusKm}>Within {state.radiusKm} km</option>
              )}
            </select>
            <button
              type="button"
              className="link-button"
              onClick={() =>
                update({
                  lat: undefined,
                  lng: undefined,
                  radiusKm: undefined,
                  sort: state.sort === 'distance' ? 'relevance' : state.sort,
                })
              }
            >
              Stop using my location
            </button>
          </>
        ) : props.geolocation.available ? (
          <button
            type="button"
            className="secondary"
            onClick={props.geolocation.locate}
            disabled={props.geolocation.locating}
          >
            {props.geolocation.locating ? 'Locating…' : 'Near me'}
          </button>
        ) : props.geolocation.available === false ? (
          <span className="muted small">Your browser cannot share its location.</span>
        ) : null}
        <p className="muted small" role="status">
          {props.geolocation.message}
        </p>
      </div>
    </aside>
  );
}
