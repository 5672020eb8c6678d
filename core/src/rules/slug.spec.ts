import { businessSlug, shortHash, slugify, stripSlugSuffix } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Hair transplantation clinic', 'hair-transplantation-clinic'],
    ['Café & Bar', 'café-&-bar'],
    ["Children's  Dentist", "children's-dentist"],
    ['Zürich', 'zürich'],
    ['Фризер за кућне љубимце', 'фризер-за-кућне-љубимце'],
    ['Handyman/Handywoman/Handyperson', 'handyman-handywoman-handyperson'],
    ['  New York ', 'new-york'],
    ['  Coffee   shop ', 'coffee-shop'],
    ['Food / Drink', 'food-drink'],
    ['Bars - Pubs', 'bars-pubs'],
    ['São Paulo', 'são-paulo'],
    ['İstanbul', 'i̇stanbul'],
    ['What?#%', 'what'],
    ['Cafe\u0301 Noir', 'café-noir'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('round-trips through a URL path segment', () => {
    for (const name of ['Café & Bar', 'São Paulo', '東京', "O'Brien's Pub"]) {
      const slug = slugify(name);
      expect(decodeURIComponent(encodeURIComponent(slug))).toBe(slug);
      expect(slugify(slug)).toBe(slug);
    }
  });
});

describe('business slugs', () => {
  it('are short, stable and end with a six-character suffix', () => {
    const slug = businessSlug('Zunfthaus zur Waag', 'Zürich', 'ChIJ123');
    expect(slug).toMatch(/^zunfthaus-zur-waag-zurich-[a-z0-9]{6}$/);
    expect(businessSlug('Zunfthaus zur Waag', 'Zürich', 'ChIJ123')).toBe(slug);
    expect(shortHash('a')).not.toBe(shortHash('b'));
  });

  it('strip the suffix for the one retry of public spec §5', () => {
    expect(stripSlugSuffix('joes-pizza-new-york-a1b2c3')).toBe('joes-pizza-new-york');
    expect(stripSlugSuffix('joes-pizza')).toBeNull();
  });

  it.each([
    ['kiez-bakery-berlin-a1b2c3', 'kiez-bakery-berlin'],
    ['kiez-bakery-berlin', 'kiez-bakery'],
    ['kiez-bakery-A1B2C3', null],
    ['kiez-bakery-a1b2c', null],
    ['a1b2c3', null],
  ])('retries %p without its suffix as %p (public spec §5)', (slug, retry) => {
    expect(stripSlugSuffix(slug)).toBe(retry);
  });
});
