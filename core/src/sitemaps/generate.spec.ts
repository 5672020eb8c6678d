import { escapeXml, sitemapBaseUrl, sitemapFileCount, sitemapRelativePath, w3cDatetime } from './generate.js';

describe('sitemap rules', () => {
  it('counts files as the spec says: ceiling of businesses / 9000, plus 4', () => {
    expect(sitemapFileCount(0)).toBe(4);
    expect(sitemapFileCount(1)).toBe(5);
    expect(sitemapFileCount(9000)).toBe(5);
    expect(sitemapFileCount(9001)).toBe(6);
    expect(sitemapFileCount(1_181_616)).toBe(136);
  });

  it('maps only the public sitemap paths to files', () => {
    expect(sitemapRelativePath('/sitemap.xml')).toBe('sitemap.xml');
    expect(sitemapRelativePath('/sitemaps/main.xml')).toBe('sitemaps/main.xml');
    expect(sitemapRelativePath('/sitemaps/cities.xml')).toBe('sitemaps/cities.xml');
    expect(sitemapRelativePath('/sitemaps/businesses/page-12.xml')).toBe('sitemaps/businesses/page-12.xml');
    for (const bad of ['/sitemaps/../manifest.json', '/sitemaps/businesses/page-0.xml', '/sitemaps/other.xml', '/x']) {
      expect(sitemapRelativePath(bad)).toBeNull();
    }
  });

  it('escapes XML and writes W3C datetimes', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(w3cDatetime(new Date('2026-06-17T12:34:56.789Z'))).toBe('2026-06-17T12:34:56Z');
  });

  it('takes PUBLIC_URL as the base, else this machine', () => {
    expect(sitemapBaseUrl({ PUBLIC_URL: 'https://directory.example/', PORT: 3000 })).toBe('https://directory.example');
    expect(sitemapBaseUrl({ PUBLIC_URL: undefined, PORT: 4100 })).toBe('http://localhost:4100');
  });
});
