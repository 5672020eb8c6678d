import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium; scripts/ensure-chromium.sh), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags these machines need: no sandbox, GPU, QUIC or background traffic. */
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
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/**
 * `describe` for a browser suite that needs Chromium and these built files. Outside CI a missing one skips
 * the suite with a warning; in CI (scripts/test.sh installs Chromium and builds first) it is a failure.
 */
export function browserSuite(what: string, builtFiles: readonly string[] = []): jest.Describe {
  const missing = [CHROMIUM, ...builtFiles].filter((path) => !existsSync(path));
  if (missing.length === 0 || process.env.CI) return describe;
  console.warn(`${what} skipped: ${missing.join(', ')} missing.`);
  return describe.skip;
}
