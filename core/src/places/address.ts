import { countryCodeFromName } from '../rules/countries.js';

/** What the end of an address tells: the town, its postal code and, when the format says so, the country. */
export interface AddressPlace {
  city: string | null;
  postalCode: string | null;
  countryCode: string | null;
}

// prettier-ignore
const US_STATES = new Set(['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY']);
// prettier-ignore
const INDIAN_STATES = ['Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
  'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram',
  'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura', 'Uttar Pradesh', 'Uttarakhand',
  'West Bengal', 'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi',
  'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry'];
const INDIAN_STATE = `(?:${INDIAN_STATES.join('|')})`;
// prettier-ignore
const US_STATE_NAMES = new Set(['alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware',
  'florida', 'georgia', 'hawaii', 'idaho', 'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland',
  'massachusetts', 'michigan', 'minnesota', 'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire',
  'new jersey', 'new mexico', 'new york', 'north carolina', 'north dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania',
  'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas', 'utah', 'vermont', 'virginia', 'washington',
  'west virginia', 'wisconsin', 'wyoming']);

/** "…, Birmingham, AL 35203" (ZIP+4 written with or without the dash; the ZIP may be missing). */
const US_TAIL = /^([A-Z]{2})(?:\s+(\d{5})(?:-?\d{4})?)?$/;
/** "…, Toronto, ON M5H 2N2". */
const CA_TAIL = /^(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/;
/** "…, Sydney NSW 2000". */
const AU_TAIL = /^(\p{L}[\p{L}\s.'-]*?)\s+(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)\s+(\d{4})$/u;
/** "…, Hyderabad, Telangana 500003" (or "Telangana, 500003"). */
const IN_TAIL = new RegExp(`^(${INDIAN_STATE})(?:\\s+(\\d{6}))?$`, 'i');
const IN_PIN = /^\d{6}$/;
const IN_STATE_ONLY = new RegExp(`^${INDIAN_STATE}$`, 'i');
const ENDS_WITH_IN_STATE = new RegExp(`${INDIAN_STATE}$`, 'i');
/** "…, London SW1A 1AA", "…, Manchester M1 1AE". */
const GB_TAIL = /^(\p{L}[\p{L}\s.'-]*?)\s+([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/u;
/**
 * Postal code before the town, as most of Europe writes it: "8001 Zürich" (CH, AT, BE, DK, NO: 4 digits),
 * "80331 München" (DE, FR, IT, ES, TR, FI: 5), "1012 AB Amsterdam", "111 22 Stockholm", "00-950 Warszawa",
 * "1000-001 Lisboa", "D-80331 München" (and "EC1A 1BB London", as the demo writes it). Turkish addresses
 * end "34710 Kadıköy/İstanbul": the town is the last.
 */
const POSTAL_FIRST =
  /^([A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|\d{4} ?[A-Z]{2}|(?:[A-Z]{1,2}-)?\d{4,5}|\d{3} \d{2}|\d{2}-\d{3}|\d{4}-\d{3})\s+(\p{L}.*)$/u;
/** Postal code after the town: "Beograd 11070" (RS, and others that write it so). */
const POSTAL_LAST = /^(\p{L}[^\d]*?)\s+(\d{4,6})$/u;
/** The code alone after the town's part: "Belokrajinska 13 Beograd, 11050" (the town follows the house number). */
const CODE_ONLY = /^\d{4,6}$/;
const AFTER_NUMBER = /\d\S*\s+(\p{L}[\p{L}\s.'-]*)$/u;

/**
 * The administrative area some exports end an address with, after the town: "Grad Beograd" (Serbian: the City of
 * Belgrade), "Belgrade county", or "county" alone where a comma split "Belgrade, county". Its name is not a town's
 * (the City of Belgrade holds Surčin and Obrenovac too). Also read by PostgreSQL (backfill.ts).
 */
const AREA_SOURCE = String.raw`^(grad\s.+|(.+\s)?county)$`;
const AREA = new RegExp(AREA_SOURCE, 'i');
/** The municipality (quarter) the same layout writes after the town: "Beograd (Novi Beograd)". */
const MUNICIPALITY = /\s*\([^()]*\)$/;
/** A town and its municipality joined by a spaced dash, "Beograd - Zemun" (a name's own hyphen has no spaces). */
const QUARTER_SOURCE = String.raw`\s[-–]\s`;
const QUARTER = new RegExp(QUARTER_SOURCE);

/**
 * A city text that older readings of addresses stored whole where it names an area or a town with its
 * municipality ("Grad Beograd", "Belgrade county", "Beograd - Zemun"), as a case-insensitive pattern PostgreSQL
 * and JavaScript read alike: the backfill reads those businesses' addresses again.
 */
export const AREA_OR_QUARTER_PATTERN = `${AREA_SOURCE}|${QUARTER_SOURCE}`;

/**
 * A town name as addresses write one: letters, no digits, not too long. Of "Kadıköy/İstanbul" (district/town) the
 * town; of "Beograd - Zemun" (town - municipality) the town: its municipality is part of it.
 */
function town(text: string | undefined): string | null {
  if (!text) return null;
  let name = text.includes('/') ? text.slice(text.lastIndexOf('/') + 1).trim() : text.trim();
  const quarter = QUARTER.exec(name);
  if (quarter) name = name.slice(0, quarter.index).trim();
  return name.length >= 2 && name.length <= 60 && /^\p{L}/u.test(name) && !/\d/.test(name) ? name : null;
}

/** A last part that names a country ("United States", "Deutschland", "Srbija"), never one with a number. */
function trailingCountry(part: string): string | null {
  if (/\d/.test(part) || US_STATES.has(part)) return null;
  return countryCodeFromName(part);
}

/**
 * The town, postal code and (where the format is a country's own) country at the end of an address, by the
 * formats Google Maps exports use per country: US "…, City, ST 12345", CA "…, City, ON A1A 1A1", AU "…, City
 * NSW 2000", IN "…, City, State 500003", GB "…, City POSTCODE", most of Europe "…, 8001 Zürich", RS "…,
 * Beograd 11070" or "…, 11070, Beograd (Novi Beograd), Grad Beograd", and "street, Town" or "Town" without a
 * code. A trailing country name is read and removed first. Null when its end is none of these.
 */
export function placeFromAddress(address: string): AddressPlace | null {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  let countryCode: string | null = null;
  if (parts.length >= 2) {
    countryCode = trailingCountry(parts[parts.length - 1]);
    if (countryCode) parts.pop();
  }
  const found = (city: string | null, postalCode: string | null, code: string | null = null): AddressPlace => ({
    city,
    postalCode,
    countryCode: countryCode ?? code,
  });
  // "…, 11070, Beograd (Novi Beograd), Grad Beograd": the area set aside, the town is the part before it (its
  // municipality aside), the postal code the part before that.
  if (parts.length >= 2 && AREA.test(parts[parts.length - 1])) {
    if (/^county$/i.test(parts.pop()!)) parts.pop();
    const city = town(parts.pop()?.replace(MUNICIPALITY, ''));
    const code = parts[parts.length - 1];
    if (city === null) return countryCode ? found(null, null) : null;
    return found(city, code !== undefined && CODE_ONLY.test(code) ? code : null);
  }
  const last = parts[parts.length - 1];
  const before = parts.length >= 2 ? parts[parts.length - 2] : undefined;
  if (!last) return null;

  let match = US_TAIL.exec(last);
  if (match && US_STATES.has(match[1]) && before !== undefined) return found(town(before), match[2] ?? null, 'US');
  match = CA_TAIL.exec(last);
  if (match && before !== undefined) return found(town(before), `${match[1]} ${match[2]}`, 'CA');
  match = AU_TAIL.exec(last);
  if (match) return found(town(match[1]), match[2], 'AU');
  match = IN_TAIL.exec(last);
  if (match && before !== undefined) return found(town(before), match[2] ?? null, 'IN');
  if (IN_PIN.test(last) && before !== undefined && ENDS_WITH_IN_STATE.test(before))
    return found(town(IN_TAIL.test(before) && parts.length >= 3 ? parts[parts.length - 3] : undefined), last, 'IN');
  match = GB_TAIL.exec(last);
  if (match) return found(town(match[1]), match[2], 'GB');
  match = POSTAL_FIRST.exec(last);
  if (match) return found(town(match[2]), match[1]);
  match = POSTAL_LAST.exec(last);
  if (match) return found(town(match[1]), match[2]);
  if (CODE_ONLY.test(last) && before !== undefined) {
    const after = AFTER_NUMBER.exec(before);
    const city = after && after[1].split(/\s+/).length <= 3 ? town(after[1]) : null;
    if (city) return found(city, last);
  }
  // "street, Town", or only "Town" (not a state: "Rhode Island" alone says too little).
  if (last.split(/\s+/).length <= (parts.length >= 2 ? 4 : 3) && !US_STATE_NAMES.has(last.toLowerCase())) {
    const city = town(last);
    if (city && !IN_STATE_ONLY.test(city)) return found(city, null);
  }
  return countryCode ? found(null, null) : null;
}
