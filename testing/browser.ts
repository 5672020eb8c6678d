import { existsSync } from 'node:fs';
import { CHROMIUM } from '../bench/src/chromium.js';

export { CHROMIUM, launchChromium } from '../bench/src/chromium.js';

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
