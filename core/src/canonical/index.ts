export { aliasKey } from './alias-key.js';
export {
  canonicalizeDirectory,
  type Canonicalization,
  categoryKeyAlias,
  type CityNames,
  recordCityNames,
} from './canonicalize.js';
export { categoryKey } from './category-key.js';
export { countryLabel } from './country-label.js';
export { englishStem } from './english-stem.js';
export { countryCodeOfName } from './country-names.js';
