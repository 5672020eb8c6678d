import type { Page } from 'playwright-core';
import { FILLER, FIXTURES, publicSiteSuite, usePublicSite, type PageElement } from './site.js';

/**
 * The contact form (validation with the §5 messages, sending, the §8 error notice), the home counters and
 * keyboard use of the navigation, the search inputs and the Explore tabs.
 */
publicSiteSuite('the public site in a browser: the contact form, the home counters and the keyboard', () => {
  const { site, visit, text, sql } = usePublicSite();
  let page: Page, base: string;
  beforeAll(() => {
    page = site.page;
    base = site.base;
  });

  it('validates the contact form with the §5 messages, then sends it', async () => {
    await visit(page, `/contact`);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ])
      await text(message);
    // Each message belongs to its field for assistive technology.
    const name = page.getByLabel('Full Name*');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await name.getAttribute('aria-describedby')}`).innerText()).toBe(
      'Name must be at least 2 characters',
    );
    await page.getByLabel('Full Name*').fill('Ada Lovelace');
    await page.getByLabel('Email Address*').fill('ada@example');
    await page.getByLabel('Subject*').fill('Hi');
    await page.getByLabel('Message*').fill('Please update my listing.');
    await send.click();
    await text('Please enter a valid email address');
    await text('Subject must be at least 5 characters');
    expect(await page.getByText('Name must be at least 2 characters').count()).toBe(0);
    expect(await page.getByText('Message must be at least 10 characters').count()).toBe(0);

    await page.getByLabel('Email Address*').fill(' ada@example.com ');
    await page.getByLabel('Subject*').fill('Listing update');
    await page.getByLabel('Company').fill('Analytical Engines');
    await send.click();
    const notice = page.getByRole('status');
    await notice.getByText('Message Sent Successfully').waitFor();
    expect(await notice.innerText()).toContain("Thank you for your message. We'll get back to you within 24 hours.");
    expect(await page.getByLabel('Full Name*').inputValue()).toBe('');
    const [saved] = await sql('select name, email, subject, company, phone from contact_messages');
    expect(saved).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Listing update',
      company: 'Analytical Engines',
      phone: null,
    });
    // A new, invalid message replaces the earlier notice with its errors.
    await send.click();
    await text('Name must be at least 2 characters');
    expect(await page.getByText('Message Sent Successfully').count()).toBe(0);
  });

  it('disables the button while sending and shows the §8 error notice when sending fails', async () => {
    await visit(page, '/contact');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.getByLabel('Full Name*').fill('Ada Lovelace');
    await page.getByLabel('Email Address*').fill('ada@example.com');
    await page.getByLabel('Subject*').fill('Listing update');
    await page.getByLabel('Message*').fill('Please update my listing.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    const alert = page.getByRole('alert');
    await alert.getByText('Error').waitFor();
    expect(await alert.innerText()).toContain('Failed to send message. Please try again later.');
    // The visitor keeps what they wrote, to send it again.
    expect(await page.getByLabel('Full Name*').inputValue()).toBe('Ada Lovelace');
    await page.unroute('**/api/contact');
  });

  it('counts the home counters up to their K+ values', async () => {
    const { totals } = (await (await fetch(`${base}/api/homepage-data`)).json()) as {
      totals: { businesses: number; cities: number };
    };
    expect(totals.businesses).toBe(FILLER + FIXTURES.length);
    await visit(page, `/`);
    const counter = (label: string) => page.locator('.counter', { hasText: label }).locator('strong');
    await counter('Businesses').filter({ hasText: '1K+' }).waitFor();
    await counter('Countries').filter({ hasText: /^3$/ }).waitFor();
    await counter('Cities')
      .filter({ hasText: new RegExp(`^${totals.cities}$`) })
      .waitFor();
    await counter('Categories').filter({ hasText: /^4$/ }).waitFor();
  });

  it('reaches the navigation and the search inputs with the keyboard', async () => {
    await visit(page, `/`);
    await page.getByRole('combobox', { name: 'Location' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return (
            el?.getAttribute('aria-label') || el?.labels?.[0]?.textContent?.trim() || el?.textContent?.trim() || ''
          );
        }),
      );
    }
    for (const name of [
      'Home',
      'Businesses',
      'Categories',
      'Countries',
      'Cities',
      'Contact',
      'Search businesses',
      'Location',
    ])
      expect(reached).toContain(name);
    // The Explore tabs: arrow keys move the selection and the focus.
    const categoriesTab = page.getByRole('tab', { name: 'Categories' });
    await categoriesTab.focus();
    await page.keyboard.press('ArrowRight');
    const citiesTab = page.getByRole('tab', { name: 'Cities' });
    expect(await citiesTab.getAttribute('aria-selected')).toBe('true');
    expect(await citiesTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await categoriesTab.getAttribute('aria-selected')).toBe('true');
    await visit(page, `/search?q=bakery`);
    await page.getByRole('list', { name: 'Results' }).waitFor();
    await page.keyboard.press('Tab');
    for (
      let i = 0;
      i < 30 && !(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'combobox'));
      i++
    )
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.labels?.[0]?.textContent)).toBe('Search businesses');
  });

  it('offers "Skip to content" first, and moves focus to the results heading after a search', async () => {
    for (const path of ['/', '/businesses', '/search?q=bakery', '/categories']) {
      await visit(page, path);
      await page.keyboard.press('Tab');
      expect([path, await page.evaluate(() => document.activeElement?.textContent?.trim())]).toEqual([
        path,
        'Skip to content',
      ]);
    }
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');

    // From the home page's form: the results heading, not <body>, has the focus once the results are in.
    await visit(page, '/');
    await page.getByRole('combobox', { name: 'Search businesses' }).fill('bakery');
    await page.getByRole('combobox', { name: 'Search businesses' }).press('Enter');
    await page.waitForURL(/\/search\?q=bakery/);
    await page.waitForFunction(() => document.activeElement?.id === 'results-heading');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/results? for “bakery”/);
    // And from the search page's own form, which a search replaces.
    await page.getByRole('combobox', { name: 'Search businesses' }).fill('coffee');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=coffee/);
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('“coffee”') === true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results-heading');
  });
});

/** The browser globals the page functions above use (the root tsconfig has no DOM types). */
declare const document: { activeElement: PageElement | null };
