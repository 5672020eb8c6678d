import { useId, useState } from 'react';
import useSWR from 'swr';
import { APPROVAL_FILTERS, type ApprovalFilter } from '@directory/core/wire/admin-businesses.js';
import { TR } from '../messages.js';
import { FRESH, knownCategory } from '../rules.js';
import { countryName } from '../format.js';

const T = TR.businesses;

/** Approval status (all / approved / waiting) and country, for the business list (issue 34). */
export function ApprovalAndCountry(props: {
  approval: ApprovalFilter;
  onApproval: (value: ApprovalFilter) => void;
  countryCode: string;
  onCountry: (value: string) => void;
}) {
  const ids = useId();
  // Countries of waiting businesses too: the public counts (the default list) leave them out.
  const countries = useSWR<string[]>('/api/admin/country-codes?include=waiting', {
    dedupingInterval: FRESH.countryCodes,
  });
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${ids}-approval`}>{T.approvalLabel}</label>
        <select
          id={`${ids}-approval`}
          value={props.approval}
          onChange={(e) => props.onApproval(e.target.value as ApprovalFilter)}
        >
          {APPROVAL_FILTERS.map((value) => (
            <option key={value} value={value}>
              {T.approval[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${ids}-country`}>{T.countryLabel}</label>
        <select id={`${ids}-country`} value={props.countryCode} onChange={(e) => props.onCountry(e.target.value)}>
          <option value="all">{T.allCountries}</option>
          {(countries.data ?? []).map((code) => (
            <option key={code} value={code}>
              {code} — {countryName(code)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/**
 * A searchable picker over every category, those only waiting businesses have included (the browser filters
 * the suggestions as the admin types): a category is applied when the text names one of the list, or on
 * Enter or leaving the field (the api matches by the category's slug).
 */
export function CategoryPicker({ category, onCategory }: { category: string; onCategory: (value: string) => void }) {
  const ids = useId();
  const categories = useSWR<string[]>('/api/admin/categories?include=waiting', {
    dedupingInterval: FRESH.categories,
  });
  const [text, setText] = useState(category === 'all' ? '' : category);
  const all = categories.data ?? [];
  const apply = (typed: string) => onCategory(typed.trim() ? (knownCategory(all, typed) ?? typed.trim()) : 'all');

  return (
    <div className="admin-field category-picker">
      <label htmlFor={`${ids}-category`}>{T.categoryLabel}</label>
      <div className="picker-row">
        <input
          id={`${ids}-category`}
          type="search"
          list={`${ids}-categories`}
          value={text}
          placeholder={T.categoryPlaceholder(all.length)}
          aria-describedby={`${ids}-help`}
          onChange={(e) => {
            setText(e.target.value);
            // Picking a suggestion (or typing a whole name) applies it; an emptied field shows every category.
            if (!e.target.value.trim() || knownCategory(all, e.target.value)) apply(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply(text);
            }
          }}
          onBlur={() => apply(text)}
        />
        <datalist id={`${ids}-categories`}>
          {all.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <span id={`${ids}-help`} className="muted small">
        {T.categoryHelp}
      </span>
    </div>
  );
}
