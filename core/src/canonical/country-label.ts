import { countryName } from '../rules/countries.js';
import { slugify } from '../rules/slug.js';

/**
 * How a country is named and addressed everywhere: the name the data uses (else the ISO name), its
 * code, and the slug of that name (public spec: /countries/{country lowercased, dashes}).
 */
export function countryLabel(countryCode: string, name: string | null) {
  const country = name?.trim() || countryName(countryCode) || countryCode;
  return { country, countryCode, slug: slugify(country) };
}
