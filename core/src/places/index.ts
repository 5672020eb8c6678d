export { type AddressPlace, placeFromAddress } from './address.js';
export { countryAt } from './country-at.js';
export { MAX_NAMED_KM, nameKey, type NamedCity, namedCity } from './city-names.js';
export { loadGazetteer, MAX_NEAREST_KM, MAX_REACH_KM, type NearPlace, placeNear, reachKm } from './gazetteer.js';
export {
  type FoundPlace,
  hasAddress,
  isPlaceholderPosition,
  type Place,
  type PlaceInput,
  PlaceFinder,
  zoneOfEditedPlace,
} from './place-finder.js';
export { countryTimeZone, isZoneOf, knownTimeZones, timeZoneAt, timeZoneName } from './time-zone.js';
export { backfillOpenMinutes, backfillPlaces, type PlaceBackfill } from './backfill.js';
