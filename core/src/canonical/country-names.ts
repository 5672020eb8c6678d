import { createRequire } from 'node:module';
import { isoCountryCode } from '../import/country-code.js';
import { countryCodeFromName } from '../rules/countries.js';

let english: Map<string, string> | null = null;

const fold = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/**
 * The ISO code of a country named any way people name it: its name in the languages of the data
 * (countryCodeFromName), its English names and short forms from i18n-iso-countries ("Turkey", "USA", "UK",
 * "Great Britain", "Ivory Coast"), or its alpha-3 code ("DEU"). Null when it names no country.
 */
export function countryCodeOfName(name: string): string | null {
  const known = countryCodeFromName(name);
  if (known) return known;
  if (!english) {
    const require = createRequire(import.meta.url);
    const { countries } = require('i18n-iso-countries/langs/en.json') as {
      countries: Record<string, string | string[]>;
    };
    english = new Map();
    for (const [code, names] of Object.entries(countries))
      for (const n of Array.isArray(names) ? names : [names]) if (!english.has(fold(n))) english.set(fold(n), code);
  }
  return english.get(fold(name)) ?? (/^[a-z]{3}$/i.test(name.trim()) ? isoCountryCode(name) : null);
}
