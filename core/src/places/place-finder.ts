import { Memo } from '../import/cells.js';
import { countryName } from '../rules/countries.js';
import { placeFromAddress } from './address.js';
import { countryAt } from './country-at.js';
import { placeNear } from './gazetteer.js';
import { countryTimeZone, isZoneOf, timeZoneAt, timeZoneName } from './time-zone.js';
import type { PlaceCounts } from '../wire/uploads.js';

/** The place columns of a business, as the file gave them (after cleaning) and as they are stored. */
export interface Place {
  city: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  time_zone: string | null;
}

/** Where the place columns the file left empty came from (the import report shows them). */

export interface PlaceInput extends Omit<Place, 'time_zone'> {
  full_address: string | null;
  street: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The file's time_zone cell. */
  timeZone: string | null;
}

export interface FoundPlace extends Place {
  /** The file's time_zone cell was not a time zone (so the zone, if any, came from elsewhere). */
  timeZoneUnreadable: boolean;
}

/**
 * Completes the place of each business of one import: what the file left empty is read from the address
 * first (it names the town as the business and its post write it), then from the coordinates (a GeoNames
 * town that covers the point or lies within 10 km; the country from the borders; never from a placeholder
 * position, see isPlaceholderPosition), and the time zone from the file, the coordinates or the country. What
 * the file gave is kept as it is. Counts what it filled.
 */
export class PlaceFinder {
  readonly counts: PlaceCounts = {
    cityFromAddress: 0,
    cityFromCoordinates: 0,
    postalCodeFromAddress: 0,
    countryFromAddress: 0,
    countryFromCoordinates: 0,
    timeZoneFromFile: 0,
    timeZoneFromCoordinates: 0,
    timeZoneFromCountry: 0,
    withoutCity: 0,
    withoutCountry: 0,
    withoutTimeZone: 0,
  };
  private readonly zones = new Memo((text) => timeZoneName(text), 1_000);
  /** Key: "lat,lng". Files repeat positions (a mall, a service area's centre). */
  private readonly countries = new Memo((key) => countryAt(...coordinatesOf(key)));

  complete(input: PlaceInput): FoundPlace {
    const { counts } = this;
    let { city, postal_code: postalCode, country_code: countryCode } = input;
    const { latitude, longitude } = input;
    const hasPosition =
      latitude !== null && longitude !== null && !isPlaceholderPosition(latitude, longitude, hasAddress(input));
    const key = hasPosition ? `${latitude},${longitude}` : '';

    if ((city === null || countryCode === null) && input.full_address !== null) {
      const read = placeFromAddress(input.full_address);
      // A format of another country than the file's (a US "…, ST 12345" in a Swiss row) is not trusted.
      if (read && (read.countryCode === null || countryCode === null || read.countryCode === countryCode)) {
        if (countryCode === null && read.countryCode !== null) {
          countryCode = read.countryCode;
          counts.countryFromAddress++;
        }
        if (city === null && read.city !== null) {
          city = read.city;
          counts.cityFromAddress++;
          if (postalCode === null && read.postalCode !== null) {
            postalCode = read.postalCode;
            counts.postalCodeFromAddress++;
          }
        }
      }
    }
    // Asked only when no country is known (8 µs a point).
    const land = countryCode === null && hasPosition ? this.countries.get(key) : null;
    if (land !== null) {
      countryCode = land;
      counts.countryFromCoordinates++;
    }
    if (city === null && hasPosition) {
      const near = placeNear(latitude, longitude, countryCode);
      if (near) {
        city = near.name;
        counts.cityFromCoordinates++;
        if (countryCode === null) {
          countryCode = near.countryCode;
          counts.countryFromCoordinates++;
        }
      }
    }
    const country = input.country ?? countryName(countryCode);

    const fromFile = input.timeZone === null ? null : this.zones.get(input.timeZone);
    let timeZone = fromFile;
    if (timeZone !== null) counts.timeZoneFromFile++;
    // Only with a country: tz-lookup answers at sea too, and a made-up position must not give a zone.
    else if (hasPosition && countryCode !== null && (timeZone = timeZoneAt(latitude, longitude, countryCode)))
      counts.timeZoneFromCoordinates++;
    else if (countryCode !== null && (timeZone = countryTimeZone(countryCode))) counts.timeZoneFromCountry++;

    if (city === null) counts.withoutCity++;
    if (countryCode === null) counts.withoutCountry++;
    if (timeZone === null) counts.withoutTimeZone++;
    return {
      city,
      postal_code: postalCode,
      country,
      country_code: countryCode,
      time_zone: timeZone,
      timeZoneUnreadable: input.timeZone !== null && fromFile === null,
    };
  }
}

/**
 * The zone of a business whose place was edited by hand: the zone at its position (a real one, in its country),
 * else its country's only zone, else the zone it had while that is one of its country's, else none. An import's
 * zone described the place it gave; a business moved from Zürich to New York is no longer judged at Zürich's time.
 */
export function zoneOfEditedPlace(
  place: Pick<PlaceInput, 'country_code' | 'latitude' | 'longitude' | 'full_address' | 'street'>,
  previous: string | null,
): string | null {
  const { country_code: countryCode, latitude, longitude } = place;
  if (countryCode === null) return null;
  const positioned =
    latitude !== null && longitude !== null && !isPlaceholderPosition(latitude, longitude, hasAddress(place));
  return (
    (positioned ? timeZoneAt(latitude, longitude, countryCode) : null) ??
    countryTimeZone(countryCode) ??
    (previous !== null && isZoneOf(previous, countryCode) ? previous : null)
  );
}

/** Whether a business has an address of any kind (a full address or a street): its position is its own then. */
export function hasAddress(place: { full_address: string | null; street: string | null }): boolean {
  return place.full_address !== null || place.street !== null;
}

/**
 * A position no business is at, which names no country, town or zone (it is not reverse geocoded):
 * - a latitude or longitude of exactly 0, what exports write for a coordinate they lack (Kinolog Milena in the
 *   Belgrade file: a Russian phone, no address, longitude 0.0, which is in Burkina Faso); a business really on the
 *   equator or the Greenwich meridian has decimals there, as every position near them in the real exports does;
 * - for a business with no address, a point in no country (the sea): where exports put service-area businesses
 *   (23 Alabama and Arkansas trades off the coast of Oregon, a Tampa plumber in the mid-Atlantic). The borders
 *   reach into coastal waters, and a business on a pier has an address.
 */
export function isPlaceholderPosition(latitude: number, longitude: number, addressed = true): boolean {
  return latitude === 0 || longitude === 0 || (!addressed && countryAt(latitude, longitude) === null);
}

function coordinatesOf(key: string): [number, number] {
  const comma = key.indexOf(',');
  return [Number(key.slice(0, comma)), Number(key.slice(comma + 1))];
}
