import { createRequire } from 'node:module';

type CountryCoder = typeof import('@rapideditor/country-coder');
let coder: CountryCoder | null = null;

/**
 * The ISO 3166-1 alpha-2 code of the country (or territory: Puerto Rico is PR) whose land holds the point,
 * from country-coder's borders (offline; ≈ 6 MB, loaded on first use); null at sea. Exact where a nearest
 * city is not: near Basel, a point's nearest town may be across the border.
 */
export function countryAt(latitude: number, longitude: number): string | null {
  coder ??= createRequire(import.meta.url)('@rapideditor/country-coder') as CountryCoder;
  return coder.iso1A2Code([longitude, latitude], { level: 'territory' });
}
