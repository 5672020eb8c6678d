import { type Browser, type Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../../../testing/browser.js';
import { injectMarkup } from './inject.js';

/**
 * Snippet injection needs a real DOM (jest runs in node and the project has no DOM library): the function
 * runs in headless Chromium, in a blank page, as the browser runs the bundle.
 */
const suite = browserSuite('Snippet injection tests');

type Position = 'append' | 'prepend';

suite('snippet injection in a browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    // The "ad network": an external script that records that it ran and whether it was async.
    await page.route('https://ads.example/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.ran = (window.ran || []).concat("external:" + document.currentScript.dataset.slot);',
      }),
    );
  }, 60_000);
  afterAll(async () => browser?.close());

  beforeEach(async () => {
    await page.setContent('<html><head></head><body><main id="target"><p id="existing">x</p></main></body></html>');
  });

  /** Runs the bundle's injectMarkup in the page. */
  const inject = (html: string, selector: string, position: Position = 'append') =>
    page.evaluate(
      ({ source, html, selector, position }) => {
        const fn = new Function(`return ${source}`)() as typeof injectMarkup;
        fn(html, document.querySelector(selector)!, position);
      },
      { source: injectMarkup.toString(), html, selector, position },
    );
  const ran = () => page.evaluate(() => (window as unknown as { ran?: string[] }).ran ?? []);

  it('executes inline scripts, in order, keeping their attributes', async () => {
    await inject(
      '<script id="a">window.ran = (window.ran || []).concat("one")</script><script data-x="1">window.ran.push("two")</script>',
      'head',
    );
    expect(await ran()).toEqual(['one', 'two']);
    expect(await page.locator('head script#a').count()).toBe(1);
    expect(await page.locator('head script[data-x="1"]').count()).toBe(1);
  });

  it('loads external scripts asynchronously and runs them', async () => {
    await inject('<script src="https://ads.example/tag.js" data-slot="ad1"></script>', '#target');
    const script = page.locator('#target script[src="https://ads.example/tag.js"]');
    expect(await script.evaluate((s: HTMLScriptElement) => s.async)).toBe(true);
    await page.waitForFunction(() => (window as unknown as { ran?: string[] }).ran?.includes('external:ad1'));
  });

  it('inserts other markup as it is, appending or prepending', async () => {
    await inject('<ins class="ad" data-ad-slot="7">Ad</ins><!-- note -->', '#target');
    await inject(
      '<noscript><img src="https://px.example/p.gif" alt=""></noscript><b id="first">1</b>',
      'body',
      'prepend',
    );
    expect(await page.locator('#target > :last-child').getAttribute('data-ad-slot')).toBe('7');
    expect(await page.locator('#target > :first-child').getAttribute('id')).toBe('existing');
    expect(await page.evaluate(() => document.body.firstElementChild?.tagName)).toBe('NOSCRIPT');
    expect(await page.evaluate(() => document.body.children[1]?.id)).toBe('first');
  });

  it('mixes markup and scripts the way ad codes do', async () => {
    await inject(
      '<div id="slot"></div><script>document.getElementById("slot").textContent = "filled"</script>',
      '#target',
    );
    expect(await page.locator('#slot').textContent()).toBe('filled');
  });

  it('leaves the target untouched for blank markup', async () => {
    const before = await page.locator('#target').innerHTML();
    await inject('   \n ', '#target');
    expect(await page.locator('#target').innerHTML()).toBe(before);
  });
});
