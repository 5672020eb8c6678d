import { mapColumns } from '../import/columns.js';
import { normalizeRow } from '../import/normalize-row.js';
import { placeFromAddress } from './address.js';
import { countryAt } from './country-at.js';
import { MAX_NEAREST_KM, placeNear, reachKm } from './gazetteer.js';
import { isPlaceholderPosition, PlaceFinder } from './place-finder.js';
import { countryTimeZone, timeZoneAt, timeZoneName } from './time-zone.js';

describe('the place at the end of an address', () => {
  it.each([
    ['1560 US-72, Killen, AL 35645', 'Killen', '35645', 'US'],
    ['130 Keller Park Blvd, Tuscumbia, AL 356741416', 'Tuscumbia', '35674', 'US'],
    ['Fultonville, NY', 'Fultonville', null, 'US'],
    ['1833 alton rd. suite 111-c Bham, AL 35210', null, '35210', 'US'],
    ['100 King St W, Toronto, ON M5H 2N2', 'Toronto', 'M5H 2N2', 'CA'],
    ['1 George St, Sydney NSW 2000', 'Sydney', '2000', 'AU'],
    ['Bahadurpura X Rd, Bandlaguda, Hyderabad, Telangana 500064', 'Hyderabad', '500064', 'IN'],
    ['Hasan Nagar, Shivarampally Jagir, Telangana 500052', 'Shivarampally Jagir', '500052', 'IN'],
    ['10 Downing St, London SW1A 2AA', 'London', 'SW1A 2AA', 'GB'],
    ['Asylstrasse 70, 8032 Zürich', 'Zürich', '8032', null],
    ['Hauptstraße 12, D-80331 München, Deutschland', 'München', 'D-80331', 'DE'],
    ['Kerkstraat 1, 1012 AB Amsterdam', 'Amsterdam', '1012 AB', null],
    ['Storgatan 1, 111 22 Stockholm', 'Stockholm', '111 22', null],
    ['Caferağa, Moda Cd. No:1, 34710 Kadıköy/İstanbul, Türkiye', 'İstanbul', '34710', 'TR'],
    ['Bulevar Milutina Milankovića 1v, Beograd 11070', 'Beograd', '11070', null],
    ['Belokrajinska 13 Beograd, 11050', 'Beograd', '11050', null],
    ['Vojvode Stepe 29, Beograd', 'Beograd', null, null],
    ['Belgrade', 'Belgrade', null, null],
    // The Belgrade file's other layout: the town with its municipality, then the administrative area (the City of
    // Belgrade), whose name is not a town's; or the town with its municipality after a dash.
    ['44 BULEVAR AVNOJ-A, 11070, Beograd (Novi Beograd), Grad Beograd', 'Beograd', '11070', null],
    ['1/16 MILUTINA MILANKOVICA, 11070, Belgrade (Novi Belgrade), Belgrade county', 'Belgrade', '11070', null],
    ['76A GANDIJEVA, 11070, Belgrade (Novi Belgrade), Belgrade, county', 'Belgrade', '11070', null],
    ['Magistraski trg 3u, lok 16, Beograd - Zemun 11080', 'Beograd', '11080', null],
    // The demo generator's format.
    ['Main Street 12, 10001 New York, United States', 'New York', '10001', 'US'],
  ])('%s → %s %s %s', (address, city, postalCode, countryCode) => {
    expect(placeFromAddress(address)).toEqual({ city, postalCode, countryCode });
  });

  it('reads nothing from a state alone, a number or an empty address', () => {
    expect(placeFromAddress('Rhode Island')).toBeNull();
    expect(placeFromAddress('Pennsylvania')).toBeNull();
    expect(placeFromAddress('7')).toBeNull();
    expect(placeFromAddress('')).toBeNull();
    expect(placeFromAddress('Bulevar Zorana Djindjica 12v, Lokal 53, 11070')).toBeNull();
  });
});

describe('the place at a point', () => {
  it('names the city that covers a point in a suburb, not the suburb (New Belgrade → Belgrade)', () => {
    const place = placeNear(44.8051054, 20.4228319, 'RS');
    expect(place).toMatchObject({ name: 'Belgrade', countryCode: 'RS' });
    expect(place!.distanceKm).toBeLessThanOrEqual(reachKm(place!.population));
    // A town with its own centre keeps its name (Dübendorf, 6 km from Zürich's).
    expect(placeNear(47.3979, 8.6089, 'CH')).toMatchObject({ name: 'Dübendorf' });
  });

  it(`takes the nearest town within ${MAX_NEAREST_KM} km when none covers the point, and nothing farther`, () => {
    const place = placeNear(43.238444, -76.258119, 'US');
    expect(place).toMatchObject({ countryCode: 'US' });
    expect(place!.distanceKm).toBeLessThanOrEqual(MAX_NEAREST_KM);
    // Off the coast of Oregon (a made-up position of a Florida plumber) and in an Alabama forest.
    expect(placeNear(46.423669, -129.9427086, null)).toBeNull();
    expect(placeNear(32.5762265, -86.6807364, 'US')).toBeNull();
  });

  it('keeps to the country it is told, and tells the country from the borders', () => {
    expect(placeNear(44.8051054, 20.4228319, 'US')).toBeNull();
    expect(countryAt(44.8051054, 20.4228319)).toBe('RS');
    expect(countryAt(47.5596, 7.5886)).toBe('CH'); // Basel
    expect(countryAt(18.4655, -66.1057)).toBe('PR');
    expect(countryAt(46.423669, -129.9427086)).toBeNull();
  });
});

describe('the place of a business', () => {
  const business = { city: null, postal_code: null, country: null, country_code: null, street: null, timeZone: null };

  it('takes no place from a coordinate of exactly 0, which exports write for a missing one', () => {
    // Kinolog Milena (Belgrade file): a Russian phone, no address, longitude 0.0, which is in Burkina Faso.
    const finder = new PlaceFinder();
    const kinolog = finder.complete({ ...business, full_address: null, latitude: 13.5074, longitude: 0 });
    expect(kinolog).toMatchObject({ city: null, country: null, country_code: null, time_zone: null });
    // The address still names the town; the country, which this format does not give, stays unknown.
    const addressed = { ...business, full_address: 'Vojvode Stepe 29, Beograd', latitude: 0, longitude: 20.46 };
    expect(finder.complete(addressed)).toMatchObject({ city: 'Beograd', country_code: null, time_zone: null });
    expect(finder.counts).toMatchObject({ countryFromCoordinates: 0, timeZoneFromCoordinates: 0, cityFromAddress: 1 });
  });

  it('takes a point at sea for a placeholder when the business has no address, which exports write for those', () => {
    // Third Gen Electric LLC (a Birmingham electrician, no address) and 22 others 300 km off Oregon.
    expect(isPlaceholderPosition(46.423669, -129.9427086, false)).toBe(true);
    const atSea = new PlaceFinder().complete({ ...business, full_address: null, latitude: 46.42, longitude: -129.94 });
    expect(atSea).toMatchObject({ city: null, country_code: null, time_zone: null });
    // With an address the position is the business's own (a pier, a ship); a town's centre on land is a place.
    expect(isPlaceholderPosition(46.423669, -129.9427086, true)).toBe(false);
    expect(isPlaceholderPosition(40.6971415, -73.979506, false)).toBe(false);
    // An import decides by the row's full address or street, as the backfill and PlaceFinder do.
    const columns = mapColumns(['name', 'full_address', 'street', 'latitude', 'longitude']);
    const imported = (address: string | null, street: string | null) => {
      const warnings: string[] = [];
      const row = normalizeRow(['Offshore', address, street, 46.42, -129.94], columns, 2, (w) =>
        warnings.push(w.column),
      );
      if ('reason' in row) throw new Error(row.reason);
      return [row.latitude, warnings];
    };
    expect(imported(null, null)).toEqual([null, ['latitude']]);
    expect(imported(null, '1 Pier Road')).toEqual([46.42, []]);
    expect(imported('1 Pier Road, Astoria, OR 97103', null)).toEqual([46.42, []]);
  });

  it('reads a position near the equator or the Greenwich meridian, which has decimals', () => {
    const greenwich = new PlaceFinder().complete({
      ...business,
      full_address: null,
      latitude: 51.4769,
      longitude: -0.0005,
    });
    expect(greenwich).toMatchObject({ country_code: 'GB', time_zone: 'Europe/London' });
    expect(greenwich.city).not.toBeNull();
  });
});

describe('time zones', () => {
  it('accepts the zones of places, under their current names, and nothing else', () => {
    expect(timeZoneName('Europe/Zurich')).toBe('Europe/Zurich');
    expect(timeZoneName('europe/zurich')).toBe('Europe/Zurich');
    expect(timeZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(timeZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    for (const text of ['Mars/Olympus', 'UTC', 'Etc/GMT+9', 'EST', '', '+02:00']) expect(timeZoneName(text)).toBeNull();
  });

  it('finds the zone at a point of the country, or the country’s only zone', () => {
    expect(timeZoneAt(47.3769, 8.5417, 'CH')).toBe('Europe/Zurich');
    expect(timeZoneAt(17.385, 78.4867, 'IN')).toBe('Asia/Kolkata');
    expect(timeZoneAt(33.5186, -86.8104, 'US')).toBe('America/Chicago');
    expect(timeZoneAt(47.3769, 8.5417, 'US')).toBeNull();
    expect(countryTimeZone('RS')).toBe('Europe/Belgrade');
    expect(countryTimeZone('IN')).toBe('Asia/Kolkata');
    expect(countryTimeZone('US')).toBeNull();
  });
});
