import { aboutFallback } from './business.js';
import {
  addressParts,
  breadcrumbJsonLd,
  businessCrumbs,
  dayHoursText,
  hoursRows,
  safeHref,
  websiteHost,
} from './detail.js';
import { typeInSentence } from './proper-adjectives.js';

const text = (parts: ReturnType<typeof addressParts>) => parts.map((p) => (p.link ? `[${p.text}]` : p.text)).join('');

describe('the business page facts', () => {
  it('writes every day of stored hours in one format, in the locale asked for', () => {
    expect(dayHoursText('7AM-7PM', 'en-US')).toBe('7:00 AM – 7:00 PM');
    expect(dayHoursText('11:30am-11:15pm', 'en-US')).toBe('11:30 AM – 11:15 PM');
    expect(dayHoursText('9-11:30AM, 6-10PM', 'de-DE')).toBe('09:00 – 11:30, 18:00 – 22:00');
    expect(dayHoursText('6PM-2AM', 'en-GB')).toBe('18:00 – 02:00');
    expect(dayHoursText('Closed', 'en-US')).toBe('Closed');
    expect(dayHoursText('Open 24 hours', 'en-US')).toBe('Open 24 hours');
    expect(dayHoursText('by appointment', 'en-US')).toBe('by appointment');
    expect(dayHoursText(undefined, 'en-US')).toBe('Not listed');
  });

  it('answers a row for each of the seven days, stored or not', () => {
    const rows = hoursRows({ Monday: '9AM-5PM', Sunday: 'Closed' }, 'en-US');
    expect(rows.map((r) => r.day)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(rows.slice(0, 3).map((r) => r.text)).toEqual(['Closed', '9:00 AM – 5:00 PM', 'Not listed']);
  });

  it('names city and country once: linked where the address has them, appended where it has not', () => {
    const hoover = addressParts('2668 Old Rocky Ridge Rd, Hoover, AL 35216', 'Hoover', 'United States of America');
    expect(text(hoover)).toBe('2668 Old Rocky Ridge Rd, [Hoover], AL 35216, [United States of America]');
    // Accents and case folded; a street named after the city is not the city.
    expect(text(addressParts('Bernstrasse 5, 3000 BERN, Switzerland', 'Bern', 'Switzerland'))).toBe(
      'Bernstrasse 5, 3000 [BERN], [Switzerland]',
    );
    expect(text(addressParts('Bahnhofstrasse 1, 8001 Zurich', 'Zürich', 'Switzerland'))).toBe(
      'Bahnhofstrasse 1, 8001 [Zurich], [Switzerland]',
    );
    expect(text(addressParts(null, 'Basel', 'Switzerland'))).toBe('[Basel], [Switzerland]');
    expect(addressParts(null, null, null)).toEqual([]);
  });

  it("shows a website's host and opens only http(s) addresses", () => {
    expect(websiteHost('https://www.cafe-zurich.ch/menu?x=1')).toBe('cafe-zurich.ch');
    expect(websiteHost('cafe.ch')).toBe('cafe.ch');
    expect(safeHref('cafe.ch')).toBe('https://cafe.ch');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('')).toBeNull();
  });

  it('builds the breadcrumb Home › Country › City › Category › business, and its BreadcrumbList', () => {
    const crumbs = businessCrumbs({
      name: 'Café Zürich',
      city: 'Zürich',
      citySlug: 'zürich',
      country: 'Switzerland',
      countryCode: 'CH',
      category: 'Café & Bar',
      categorySlug: 'café-&-bar',
    });
    expect(crumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Switzerland', path: '/countries/ch' },
      { name: 'Zürich', path: '/cities/ch/z%C3%BCrich' },
      { name: 'Café & Bar', path: '/categories/caf%C3%A9-%26-bar' },
      { name: 'Café Zürich' },
    ]);
    const list = breadcrumbJsonLd(crumbs, 'https://dir.example') as { itemListElement: object[] };
    expect(list).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(list.itemListElement[1]).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Switzerland',
      item: 'https://dir.example/countries/ch',
    });
    expect(list.itemListElement[4]).toEqual({ '@type': 'ListItem', position: 5, name: 'Café Zürich' });
  });

  it('keeps proper adjectives capitalised in the generated About', () => {
    const swiss = { name: 'Zunfthaus', type: 'Swiss restaurant', category: 'Restaurant', city: 'Zürich' };
    expect(aboutFallback(swiss)).toBe('Zunfthaus is a Swiss restaurant in Zürich.');
    expect(aboutFallback({ ...swiss, type: 'Italian restaurant' })).toBe(
      'Zunfthaus is an Italian restaurant in Zürich.',
    );
    expect(typeInSentence('Coffee shop')).toBe('coffee shop');
    expect(typeInSentence('BMW dealer')).toBe('BMW dealer');
    expect(typeInSentence('Irish pub')).toBe('Irish pub');
  });
});
