import { createHash } from 'node:crypto';
import { snippetScriptSources } from './snippet-sources.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('snippetScriptSources', () => {
  it('lists the https origins of script addresses and the hashes of inline scripts', () => {
    const gtag = "window.dataLayer = window.dataLayer || [];\n  gtag('config', 'G-1');";
    const sources = snippetScriptSources([
      `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>\n<script>${gtag}</script>`,
      '<script src="//cdn.example.net:8443/x.js"></script><script src="/local.js"></script>',
      '<script src="http://plain.example/x.js"></script><script src="javascript:alert(1)"></script>',
      '<script type="application/ld+json">{"a":1}</script><div><script type="module">import "./m.js";</script></div>',
      '',
    ]);
    expect(sources.hosts).toEqual(['https://cdn.example.net:8443', 'https://www.googletagmanager.com']);
    expect(sources.hashes.sort()).toEqual([sha256(gtag), sha256('import "./m.js";')].sort());
  });

  it("adds the origins an inline loader's text names (Facebook pixel, Matomo)", () => {
    const pixel =
      "!function(f,b,e,v,n,t,s){t=b.createElement(e);t.async=!0;t.src=v;}(window, document,'script'," +
      "'https://connect.facebook.net/en_US/fbevents.js'); // see https://developers.facebook.com";
    const matomo = "var u='//stats.example.org/'; // a //comment.example is no address";
    const sources = snippetScriptSources([`<script>${pixel}</script><script>${matomo}</script>`]);
    expect(sources.hosts).toEqual([
      'https://connect.facebook.net',
      'https://developers.facebook.com',
      'https://stats.example.org',
    ]);
  });

  it('hashes the text as a browser parses it (line endings normalised, entities kept as written)', () => {
    const sources = snippetScriptSources(['<SCRIPT>a = "&amp;";\r\nb = 1;</SCRIPT>']);
    expect(sources.hashes).toEqual([sha256('a = "&amp;";\nb = 1;')]);
  });
});
