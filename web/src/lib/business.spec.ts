import {
  aboutFallback,
  businessDescription,
  businessJsonLd,
  businessTitle,
  type BusinessFacts,
  directionsUrl,
  hasValidCoordinates,
  jsonLdText,
} from './business.js';

const bakery: BusinessFacts = {
  name: 'Kiez Bakery',
  slug: 'kiez-bakery-berlin-a1b2c3',
  type: 'Bakery',
  category: 'Bakeries',
  rating: 4.5,
  reviews: 1234,
  city: 'Berlin',
  countryCode: 'DE',
  fullAddress: 'Oranienstraße 1, 10999 Berlin, DE',
  phone: '+49 30 123456',
  photo: 'https://example.com/p.jpg',
  latitude: 52.5,
  longitude: 13.4,
};

describe('business page head (public spec §2)', () => {
  it('titles the page "{name} - {type} | {site name}", falling back to the category', () => {
    expect(businessTitle(bakery)).toBe('Kiez Bakery - Bakery | WorldBiz Directory');
    expect(businessTitle({ ...bakery, type: null })).toBe('Kiez Bakery - Bakeries | WorldBiz Directory');
    expect(businessTitle({ ...bakery, type: ' ', category: null })).toBe('Kiez Bakery - Business | WorldBiz Directory');
  });

  it('describes it from name, type, city, country code, rating and reviews', () => {
    expect(businessDescription(bakery)).toBe(
      'Kiez Bakery - Bakery in Berlin, DE. Rated 4.5 out of 5 from 1,234 reviews.',
    );
    expect(businessDescription({ ...bakery, reviews: 1 })).toMatch(/from 1 review\.$/);
  });

  it('names no rating for an unrated business (rating 0) and no count when it is unknown (reviews 0)', () => {
    expect(businessDescription({ ...bakery, rating: 0, reviews: 0 })).toBe('Kiez Bakery - Bakery in Berlin, DE.');
    expect(businessDescription({ ...bakery, rating: 0, reviews: 12 })).toBe('Kiez Bakery - Bakery in Berlin, DE.');
    expect(businessDescription({ ...bakery, rating: 4.8, reviews: 0 })).toBe(
      'Kiez Bakery - Bakery in Berlin, DE. Rated 4.8 out of 5.',
    );
  });

  it('leaves missing parts out instead of writing empty words', () => {
    const bare = { ...bakery, type: null, category: null, city: null, countryCode: null, reviews: 0, rating: 0 };
    expect(businessDescription(bare)).toBe('Kiez Bakery - Business.');
    expect(businessDescription({ ...bare, countryCode: 'DE' })).toBe('Kiez Bakery - Business in DE.');
  });
});

describe('business page rules', () => {
  it.each([
    [52.5, 13.4, true],
    [-90, 180, true],
    [0, 13.4, true],
    [0, 0, false],
    [null, 13.4, false],
    [52.5, undefined, false],
    [91, 13.4, false],
    [52.5, -180.5, false],
    [Number.NaN, 1, false],
    ['52.5', '13.4', false],
  ])('coordinates %p, %p show the map: %p', (lat, lng, shown) => expect(hasValidCoordinates(lat, lng)).toBe(shown));

  it('writes a fallback About sentence with the right article', () => {
    expect(aboutFallback(bakery)).toBe('Kiez Bakery is a bakery in Berlin.');
    expect(aboutFallback({ ...bakery, type: 'Art gallery', city: null })).toBe('Kiez Bakery is an art gallery.');
    expect(aboutFallback({ ...bakery, type: null, category: null })).toBe('Kiez Bakery is a business in Berlin.');
    // Capitals are read letter by letter.
    expect(aboutFallback({ ...bakery, type: 'HVAC contractor' })).toBe('Kiez Bakery is an HVAC contractor in Berlin.');
    expect(aboutFallback({ ...bakery, type: 'BMW dealer' })).toBe('Kiez Bakery is a BMW dealer in Berlin.');
    expect(aboutFallback({ ...bakery, type: 'ATM' })).toBe('Kiez Bakery is an ATM in Berlin.');
  });

  it('links directions to the place id', () => {
    const url = new URL(directionsUrl('ChIJ_abc-123', 'Kiez & Co'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('query_place_id')).toBe('ChIJ_abc-123');
    expect(url.searchParams.get('query')).toBe('Kiez & Co');
  });
});

describe('structured data', () => {
  it('describes a LocalBusiness with address, geo and rating', () => {
    expect(businessJsonLd(bakery, 'https://dir.example/business/kiez')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Kiez Bakery',
      url: 'https://dir.example/business/kiez',
      image: 'https://example.com/p.jpg',
      telephone: '+49 30 123456',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Oranienstraße 1, 10999 Berlin, DE',
        addressLocality: 'Berlin',
        addressCountry: 'DE',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 52.5, longitude: 13.4 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 1234 },
    });
  });

  it('leaves out what is unknown (no rating without reviews, no geo without valid coordinates)', () => {
    const data = businessJsonLd({ ...bakery, reviews: 0, latitude: 0, longitude: 0, phone: null, photo: null });
    expect(Object.keys(data).sort()).toEqual(['@context', '@type', 'address', 'name']);
  });

  it('has no aggregateRating without a rating or without a known count', () => {
    expect(businessJsonLd({ ...bakery, rating: 0, reviews: 12 })).not.toHaveProperty('aggregateRating');
    expect(businessJsonLd({ ...bakery, rating: 4.8, reviews: 0 })).not.toHaveProperty('aggregateRating');
  });

  it('cannot close its script element early', () => {
    const text = jsonLdText(businessJsonLd({ ...bakery, name: 'Evil </script><script>alert(1)</script>' }));
    expect(text).not.toMatch(/<\/script/i);
    expect(JSON.parse(text).name).toBe('Evil </script><script>alert(1)</script>');
  });
});
