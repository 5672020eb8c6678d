import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { shortRating } from '../lib/rating.js';
import { BusinessCard } from './BusinessCard.js';
import { Rating } from './Rating.js';

const text = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/<[^>]+>/g, '');

const listing: Omit<BusinessListing, 'type'> = {
  id: 1,
  slug: 'cny-refrigeration-v75772',
  name: 'CNY Refrigeration',
  category: 'HVAC contractor',
  categorySlug: 'hvac-contractor',
  rating: 0,
  reviews: 0,
  city: 'Syracuse',
  citySlug: 'syracuse',
  country: 'United States of America',
  countryCode: 'US',
  phone: null,
  photo: null,
  fullAddress: null,
};

describe('a rating as the site shows it (the api sends 0 for no rating and for an unknown count)', () => {
  it('shows stars and a known count', () => {
    expect(text(<Rating rating={4.8} reviews={1234} />)).toBe('★★★★★ 4.8 (1,234 reviews)');
    expect(text(<Rating rating={4} reviews={1} />)).toBe('★★★★★ 4.0 (1 review)');
  });

  it('shows no stars and no 0.0 for an unrated business, and no count of 0', () => {
    expect(text(<Rating rating={0} reviews={0} />)).toBe('No rating yet');
    expect(text(<Rating rating={4.8} reviews={0} />)).toBe('★★★★★ 4.8');
    expect(text(<Rating rating={0} reviews={3} />)).toBe('No rating yet (3 reviews)');
    expect(renderToStaticMarkup(<Rating rating={0} reviews={0} />)).not.toContain('stars');
  });

  it('shows it so on the shared card, in both its views', () => {
    for (const row of [false, true]) {
      const card = text(
        <MemoryRouter>
          <BusinessCard business={listing} row={row} />
        </MemoryRouter>,
      );
      expect(card).toContain('No rating yet');
      expect(card).not.toMatch(/0\.0|0 reviews|★/);
    }
  });

  it('writes the map popup rating without a 0 count and not at all without a rating', () => {
    expect(shortRating(4.8, 1234)).toBe('★ 4.8 (1,234)');
    expect(shortRating(4.8, 0)).toBe('★ 4.8');
    expect(shortRating(0, 12)).toBeNull();
  });
});
