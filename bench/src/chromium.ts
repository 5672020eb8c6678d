/**
 * Debian's Chromium driven by playwright-core, with the flags these machines need (no sandbox, GPU, QUIC or
 * background traffic). Here, in the bench's sources, because the bench is compiled on its own from bench/src;
 * the tests' harness (testing/browser.ts) launches it from here too.
 */
import { chromium, type Browser } from 'playwright-core';

/** apt-get install chromium (scripts/ensure-chromium.sh), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
