/** The browse pages: categories, countries and cities (web/src/pages/browse/). */
export { Categories, CategoryDetail } from './browse/categories.js';
export { Countries, CountryCities, CountryDetail } from './browse/countries.js';
export { Cities, CityDetail } from './browse/cities.js';
