import type { SchemaObject } from '@nestjs/swagger';

/** Answer shapes of the calls (public spec §3/§7, admin spec §7), as OpenAPI schemas for @ApiOkResponse. */
const str: SchemaObject = { type: 'string' };
const int: SchemaObject = { type: 'integer' };
const num: SchemaObject = { type: 'number' };
const bool: SchemaObject = { type: 'boolean' };
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
export const arrayOf = (items: SchemaObject): SchemaObject => ({ type: 'array', items });
export const object = (properties: Record<string, SchemaObject>, description?: string): SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !properties[key].nullable),
  ...(description ? { description } : {}),
});

export const ErrorBody = object(
  {
    statusCode: int,
    message: {
      oneOf: [str, arrayOf(str)],
      description: 'A sentence, or one sentence per broken rule naming the parameter ("page must be …")',
    },
    error: str,
  },
  'Every error: the HTTP status, what went wrong and what to do',
);

export const Paged = {
  currentPage: int,
  totalPages: int,
  totalCount: int,
  hasNextPage: bool,
  hasPrevPage: bool,
};

export const Listing = object({
  id: int,
  slug: str,
  name: str,
  category: nullable(str),
  categorySlug: nullable(str),
  type: nullable(str),
  rating: num,
  reviews: int,
  city: nullable(str),
  citySlug: nullable(str),
  country: nullable(str),
  countryCode: nullable(str),
  phone: nullable(str),
  photo: nullable(str),
  fullAddress: nullable(str),
});

export const SearchListing = object({
  ...Listing.properties,
  latitude: nullable(num),
  longitude: nullable(num),
  verified: bool,
  website: nullable({ ...str, description: "The business's website as stored (link it only when http(s))" }),
  openNow: nullable({ ...bool, description: "Open at this minute in the business's time zone; null without hours" }),
  closesAt: nullable({ ...str, description: "When open: local closing time, e.g. '11 PM' or 'Sat 2 AM'" }),
  opensAt: nullable({ ...str, description: "When closed: local opening time, e.g. '11:30 AM' or 'Mon 9 AM'" }),
  distanceKm: { ...num, description: 'Only when lat/lng were given' },
} as Record<string, SchemaObject>);

export const BusinessPage = object({ businesses: arrayOf(SearchListing), ...Paged });

export const BusinessDetail = object({
  ...Listing.properties,
  street: nullable(str),
  postalCode: nullable(str),
  placeId: nullable(str),
  latitude: nullable(num),
  longitude: nullable(num),
  logo: nullable(str),
  verified: bool,
  about: nullable({ type: 'object', description: 'Amenity groups, or a text' }),
  amenities: arrayOf(str),
  workingHours: nullable({ type: 'object', additionalProperties: str, description: 'Day → hours' }),
  timeZone: nullable({ ...str, description: "IANA zone the hours are read in, e.g. 'Europe/Zurich'" }),
  openNow: nullable({ ...bool, description: "Open at this minute in the business's time zone" }),
  closesAt: nullable({ ...str, description: "When open: local closing time, e.g. '11 PM' or 'Sat 2 AM'" }),
  opensAt: nullable({ ...str, description: "When closed: local opening time, e.g. '11:30 AM' or 'Mon 9 AM'" }),
  url: nullable(str),
  reviewsLink: nullable(str),
  locatedIn: nullable(str),
  updatedAt: { type: 'string', format: 'date-time' },
} as Record<string, SchemaObject>);

export const RelatedPlaces = object({
  nearby: {
    ...arrayOf(SearchListing),
    description: 'Within 10 km, nearest first (distanceKm); else the best rated of its city',
  },
  similar: { ...arrayOf(SearchListing), description: 'Its category in its city, best rated first' },
});

export const Featured = arrayOf(
  object({
    id: int,
    slug: str,
    name: str,
    type: nullable(str),
    category: nullable(str),
    image_url: str,
    rating: num,
    reviews: int,
    full_address: nullable(str),
  }),
);

const CategoryCount = object({ category: str, slug: str, count: int });
const CityCount = object({ city: str, slug: str, count: int });
const Country = object({
  country: str,
  countryCode: str,
  slug: str,
  businessCount: int,
  cityCount: int,
  categoryCount: int,
});

export const Homepage = object({
  popularSearches: arrayOf(CategoryCount),
  topCities: arrayOf(object({ city: str, slug: str, countryCode: str, count: int })),
  topCountries: arrayOf(object({ country: str, countryCode: str, slug: str, businessCount: int })),
  totals: object({
    businesses: int,
    countries: int,
    cities: int,
    categories: int,
    withoutCategory: int,
    withoutCountry: int,
    withoutCity: int,
  }),
});

export const CategoryList = arrayOf(CategoryCount);
export const CategoryPage = object({
  category: str,
  slug: str,
  businessCount: int,
  countryCount: int,
  topCountries: arrayOf(object({ country: str, countryCode: str, slug: str, count: int })),
  businesses: arrayOf(SearchListing),
  ...Paged,
});

export const CountryList = arrayOf(Country);
export const CountryPage = object({
  ...Country.properties,
  topCities: arrayOf(CityCount),
  topCategories: arrayOf(CategoryCount),
} as Record<string, SchemaObject>);

const CityItem = object({ city: str, slug: str, countryCode: str, businessCount: int, categoryCount: int });
export const CountryCities = object({ slug: str, countryCode: str, cities: arrayOf(CityItem), ...Paged });
export const CityList = arrayOf(object({ ...CityItem.properties, country: str } as Record<string, SchemaObject>));
export const CityPage = object({
  city: str,
  slug: str,
  country: str,
  countryCode: str,
  businessCount: int,
  categoryCount: int,
  topCategories: arrayOf(CategoryCount),
  businesses: arrayOf(SearchListing),
  ...Paged,
});

const Facet = arrayOf(
  object({
    value: str,
    label: str,
    count: {
      ...nullable(int),
      description: 'Exact, or within 2 % when exhaustive is false; null when not counted (values in estimated order)',
    },
    countryCode: { ...str, nullable: true },
  }),
);
const CitySuggestion = object({ name: str, slug: str, countryCode: str, count: int });
const suggestionLists = {
  businesses: arrayOf(object({ name: str, slug: str, city: nullable(str) })),
  categories: arrayOf(object({ name: str, slug: str, count: int })),
  cities: arrayOf(CitySuggestion),
};
export const Suggestions = object(suggestionLists);
export const SuggestAnswer = object({
  ...suggestionLists,
  searchesIn: {
    ...arrayOf(object({ q: str, city: CitySuggestion })),
    description: 'For "pizza in zu": what precedes the connector, searched in each city the rest begins (else empty)',
  },
});

const RelaxedCount = nullable(object({ total: int, exhaustive: bool }));

const SearchAlternatives = nullable(
  object(
    {
      everywhere: { ...RelaxedCount, description: 'The same words anywhere (the place dropped)' },
      withoutFilters: { ...RelaxedCount, description: 'The same words and place without category, rating, open now' },
      popularHere: { ...Facet, description: 'The categories with most businesses in the place, the words dropped' },
      didYouMean: { ...Suggestions, description: 'Names, categories and cities close to the words (typos forgiven)' },
      inCitiesLike: {
        ...arrayOf(object({ city: CitySuggestion, total: int, exhaustive: bool })),
        description: 'The same search in the cities whose names are close to the place typed (typos forgiven)',
      },
    },
    'Only when nothing was found on page 1 (else null): what to try instead, each part there only when it finds something',
  ),
);

export const SearchAnswer = object({
  businesses: arrayOf(SearchListing),
  ...Paged,
  facets: object({ category: Facet, country: Facet, city: Facet }),
  exhaustive: {
    ...bool,
    description:
      'True when totalCount and every facet count are exact; false when the total is an estimate ("about N") and the facet counts estimates or null',
  },
  processingTimeMs: num,
  alternatives: SearchAlternatives,
});

export const SiteSettings = object({ head_tags: str, footer_tags: str, analytics_code: str, facebook_pixel: str });
export const AdCodes = object({ ad1: str, ad2: str, ad3: str, ad4: str });

export const Success = object({ success: bool, message: str });
export const ContactAnswer = object({ success: bool, id: int, message: str });
export const Session = object({ authenticated: bool, username: str });

const HealthPart = {
  type: 'object',
  additionalProperties: object({ status: { type: 'string', enum: ['up', 'down', 'degraded'] } }),
} as SchemaObject;
export const Health = object({
  status: { type: 'string', enum: ['ok', 'degraded', 'error'] },
  info: HealthPart,
  error: HealthPart,
  details: HealthPart,
});
export const AdminHealth = object({
  ...Health.properties,
  uptimeSeconds: int,
  checkedAt: { type: 'string', format: 'date-time' },
} as Record<string, SchemaObject>);

export const JobAnswer = object({ jobId: str, message: str });
export const GenericObject: SchemaObject = { type: 'object', additionalProperties: true };
export { bool, int, num, str };

const listOrOne = (description: string): SchemaObject => ({ oneOf: [str, arrayOf(str)], description });
/** POST /api/admin/exports and the query of GET /api/admin/export-csv (core/src/export/request.ts). */
export const ExportRequestBody = object({
  fields: {
    ...listOrOne('Field names in the order wanted (comma list or array); default name, full_address, phone, type'),
    nullable: true,
  },
  countryCode: { ...str, nullable: true, description: 'Two-letter country code' },
  categories: { ...listOrOne('Exact category names'), nullable: true },
  dateRange: {
    type: 'string',
    nullable: true,
    enum: ['all', 'today', 'yesterday', 'last24hours', 'last7days', 'thisweek', 'thismonth', 'custom'],
  },
  startDate: { ...str, nullable: true, format: 'date' },
  endDate: { ...str, nullable: true, format: 'date' },
});
export const ExportStarted = object({ jobId: str, fileName: str, statusUrl: str });
export const CsvFile: SchemaObject = { type: 'string', format: 'binary', description: 'UTF-8 CSV with a BOM' };
export const UploadForm = object({
  file: { type: 'string', format: 'binary', description: '.csv or .xlsx, at most 150 MB' },
  batchSize: { type: 'integer', enum: [100, 500, 1000, 2000], nullable: true },
  fileIndex: { type: 'integer', nullable: true },
  totalFiles: { type: 'integer', nullable: true },
});
