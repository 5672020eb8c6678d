import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { listedCount } from '../lib/format.js';
import { ShowingRange } from './ListState.js';

const shown = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

describe('the range a list says it shows', () => {
  it('says how many of a list its 100 pages reach, and links the search of them all', () => {
    const html = shown(
      <ShowingRange
        page={1}
        pageSize={12}
        total={1451}
        one="business"
        many="businesses"
        paged
        searchAll="/search?category=restaurant"
      />,
    );
    expect(text(html)).toBe('Showing 1–12 of 1,451 businesses; the first 1,200 are listed here (search all 1,451)');
    expect(html).toContain('href="/search?category=restaurant"');
  });

  it('says nothing more of a list its pages reach whole, or of a list held whole in the browser', () => {
    const whole = <ShowingRange page={2} pageSize={12} total={1200} one="business" many="businesses" paged />;
    expect(text(shown(whole))).toBe('Showing 13–24 of 1,200 businesses');
    const local = <ShowingRange page={1} pageSize={24} total={5000} one="city" many="cities" />;
    expect(text(shown(local))).toBe('Showing 1–24 of 5,000 cities');
  });

  it('counts what 100 pages hold', () => {
    expect(listedCount(1451, 12)).toBe(1200);
    expect(listedCount(9309, 20)).toBe(2000);
    expect(listedCount(575, 12)).toBe(575);
  });
});
