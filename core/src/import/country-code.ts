// The codes only: the package's main entry also loads the country names of 80 languages.
import countries from 'i18n-iso-countries/index.js';

/**
 * A country code as files write it, as ISO 3166-1 alpha-2: alpha-2 kept, alpha-3 mapped ("USA" → "US"),
 * "UK" (reserved by ISO for the United Kingdom) → "GB"; null for anything that is not a country code.
 */
export function isoCountryCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (code === 'UK') return 'GB';
  if (code.length === 2) return countries.isValid(code) ? code : null;
  if (code.length === 3) return countries.alpha3ToAlpha2(code) ?? null;
  return null;
}
