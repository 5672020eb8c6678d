// The codes only: the package's main entry also loads the country names of 80 languages.
import isoCountries from 'i18n-iso-countries/index.js';

/** Country names from ISO codes via ICU, so every code has a name without a hand-kept table. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

let namesToCodes: Map<string, string> | null = null;

/** ISO code for a country name as exports write it ("United States of America", "Switzerland", "Deutschland"). */
export function countryCodeFromName(name: string | null | undefined): string | null {
  if (!name) return null;
  if (!namesToCodes) namesToCodes = buildNameIndex();
  return namesToCodes.get(foldName(name)) ?? null;
}

function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
}

function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const locales = ['en', 'de', 'fr', 'es', 'it', 'tr', 'nl', 'pt'];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      for (const locale of locales) {
        const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code);
        // ICU also names codes that are not countries' after one ("FX" France, "UK" United Kingdom, "DD"
        // Deutschland): only ISO 3166-1 codes, and Kosovo's.
        if (name && name !== code && (code === 'XK' || isoCountries.isValid(code))) index.set(foldName(name), code);
      }
    }
  }
  const aliases: Record<string, string> = {
    'United States of America': 'US',
    USA: 'US',
    'U.S.A.': 'US',
    UK: 'GB',
    'Great Britain': 'GB',
    England: 'GB',
    Türkiye: 'TR',
    Россия: 'RU',
    Србија: 'RS',
  };
  for (const [alias, code] of Object.entries(aliases)) index.set(foldName(alias), code);
  return index;
}
