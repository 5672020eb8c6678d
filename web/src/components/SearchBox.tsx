import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { sizeFor } from '../lib/format.js';
import { categoryTarget, searchInCityTarget, type SuggestAnswer } from '../lib/search.js';
import { useDebounced } from '../lib/useDebounced.js';

export interface CitySuggestion {
  name: string;
  slug: string;
  countryCode: string;
}

interface Option {
  group: 'Searches' | 'Businesses' | 'Categories' | 'Cities';
  key: string;
  label: string;
  detail?: string;
  pick: () => void;
}

const KIND_WORD: Record<Option['group'], string> = {
  Searches: 'search',
  Businesses: 'business',
  Categories: 'category',
  Cities: 'city',
};

/** Suggestions start at this many typed characters, after the typing pauses for SUGGEST_DELAY_MS. */
const MIN_CHARS = 2;
const SUGGEST_DELAY_MS = 150;

/**
 * A text input with suggestions under it (WAI-ARIA combobox with a listbox popup): arrows move through
 * the options, Enter picks the highlighted one (or submits the form when none is), Escape closes the list
 * (or clears the text when it is already closed).
 *
 * kind 'what' suggests, for "pizza in zu", a search of "pizza" in each city "zu" begins, then businesses (open the
 * business), categories (open the category page, or search it in the location typed beside) and cities (open the
 * city page); kind 'where' suggests cities, and picking one fills the input (or calls onPickCity).
 */
export function SearchBox(props: {
  kind: 'what' | 'where';
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Show the label above the input instead of only to assistive technology. */
  visibleLabel?: boolean;
  onPickCity?: (city: CitySuggestion) => void;
  name?: string;
  /** kind 'what': the location typed beside it, which picking a category keeps (a search of it there). */
  location?: string;
}) {
  const { kind, value, onChange } = props;
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(value.trim(), SUGGEST_DELAY_MS);
  const wanted = open && term.length >= MIN_CHARS;
  const { data } = useSWR<SuggestAnswer>(
    wanted ? `/api/search/suggest?${new URLSearchParams({ q: term, limit: '5' })}` : null,
    { shouldRetryOnError: false, keepPreviousData: true, onError: (e) => console.warn('Suggestions failed', e) },
  );

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const options: Option[] = [];
  if (data && wanted) {
    if (kind === 'what') {
      // "pizza in zu": what was typed before the connector, searched in each city the rest begins.
      for (const { q, city } of data.searchesIn ?? [])
        options.push({
          group: 'Searches',
          key: `s:${city.countryCode}/${city.slug}`,
          label: `${q} in ${city.name}`,
          detail: city.countryCode,
          pick: () => navigate(searchInCityTarget(q, city)),
        });
      for (const b of data.businesses ?? [])
        options.push({
          group: 'Businesses',
          key: `b:${b.slug}`,
          label: b.name,
          detail: b.city ?? undefined,
          pick: () => navigate(`/business/${encodeURIComponent(b.slug)}`),
        });
      for (const c of data.categories ?? [])
        options.push({
          group: 'Categories',
          key: `c:${c.slug}`,
          label: c.name,
          detail: c.count.toLocaleString('en-US'),
          pick: () => navigate(categoryTarget(c.slug, props.location)),
        });
    }
    for (const c of data.cities ?? [])
      options.push({
        group: 'Cities',
        key: `t:${c.countryCode}/${c.slug}`,
        label: c.name,
        detail: c.countryCode,
        pick:
          kind === 'what'
            ? () => navigate(`/cities/${c.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`)
            : () => (props.onPickCity ? props.onPickCity(c) : onChange(c.name)),
      });
  }
  const shown = open && options.length > 0;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const choose = (option: Option) => {
    close();
    option.pick();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length) setActive(active + 1 >= options.length ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length) setActive(active <= 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter':
        if (shown && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        } else close();
        break;
      case 'Escape':
        if (shown) {
          event.preventDefault();
          close();
        } else if (value) {
          event.preventDefault();
          onChange('');
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  let lastGroup = '';
  return (
    <div className="combo">
      <label htmlFor={id} className={props.visibleLabel ? 'field-label' : 'sr-only'}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        placeholder={props.placeholder}
        size={sizeFor(props.placeholder)}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div id={listId} role="listbox" aria-label={`${props.label} suggestions`} className="combo-list" hidden={!shown}>
        {shown &&
          options.map((option, index) => {
            const heading = option.group !== lastGroup;
            lastGroup = option.group;
            return (
              <div key={option.key} role="none">
                {heading && (
                  <div className="combo-group" role="presentation" aria-hidden="true">
                    {option.group}
                  </div>
                )}
                <div
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  aria-label={`${option.label}${option.detail ? `, ${option.detail}` : ''} (${KIND_WORD[option.group]})`}
                  className="combo-option"
                  // Keep the focus in the input so the blur does not close the list before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => index !== active && setActive(index)}
                >
                  <span>{option.label}</span>
                  {option.detail && <span className="muted">{option.detail}</span>}
                </div>
              </div>
            );
          })}
      </div>
      <div className="sr-only" role="status" aria-live="polite">
        {shown ? `${options.length} suggestions available, use the arrow keys to choose` : ''}
      </div>
    </div>
  );
}
