import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { CACHE_POLICIES } from '../cache/cache-policy.js';
import { PublicCacheService } from '../cache/public-cache.service.js';
import type { ScriptSources } from '../http/security.js';
import { SettingsService } from '../settings/settings.service.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Script types a browser runs (anything else, e.g. application/ld+json, is a data block). */
const RUN_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/jscript|text\/livescript)$/i;
/**
 * An origin the script text names: `https://host[:port]`, or a protocol-relative `//host` right after a
 * quote (loaders build addresses as '//host/…'; a `// comment` is not one).
 */
const NAMED_ORIGINS =
  /\bhttps:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?)|["'`]\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?)/gi;

/**
 * What the given snippets and ad codes need in a public page's script-src:
 * - the https origin of each <script src> (a relative src is this origin, 'self'; http: and other schemes
 *   are left out: an https page would not load them anyway);
 * - the 'sha256-…' hash of each inline script's text — the text the browser hashes, since the web app
 *   re-creates each parsed script with the same text (web/src/lib/inject.ts, parsed there by a <template>,
 *   here by parse5 in the same <template> context);
 * - the https origins an inline script's text names: loaders such as Google Tag Manager's or the Facebook
 *   pixel's create a <script> whose address is a string in their code.
 * A script those scripts load from an origin no snippet names is refused (a CSP violation in the console).
 */
export function snippetScriptSources(snippets: readonly string[]): ScriptSources {
  const hosts = new Set<string>();
  const hashes = new Set<string>();
  const visit = (node: Node): void => {
    if (node.nodeName === 'script') script(node as Element);
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child);
    if (node.nodeName === 'template') visit((node as DefaultTreeAdapterMap['template']).content);
  };
  const script = (element: Element): void => {
    const attribute = (name: string) => element.attrs.find((a) => a.name === name)?.value;
    if (!RUN_TYPES.test((attribute('type') ?? '').trim())) return;
    const src = attribute('src');
    if (src !== undefined) {
      const origin = httpsOrigin(src.trim());
      if (origin) hosts.add(origin);
      return;
    }
    const text = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
    if (!text) return;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    for (const match of text.matchAll(NAMED_ORIGINS)) hosts.add(`https://${(match[1] ?? match[2]).toLowerCase()}`);
  };
  for (const snippet of snippets) if (snippet.trim()) visit(parseFragment(snippet));
  return { hosts: [...hosts].sort(), hashes: [...hashes].sort() };
}

/** The origin of an https (or protocol-relative) script address, or null (relative: 'self' covers it). */
function httpsOrigin(src: string): string | null {
  if (!/^(https:)?\/\//i.test(src)) return null;
  try {
    return new URL(src, 'https://relative.invalid').origin;
  } catch {
    return null;
  }
}

/** The cache entry of the sources, in the settings scope: a saved snippet or ad code makes it stale at once. */
const CACHE_ADDRESS = 'csp:script-sources';

/**
 * The script sources of the snippets and ad codes as they are saved now, for every public page's policy.
 * Kept in the public cache's settings scope (the generation a settings or ad-code write bumps), so every
 * api process agrees with the snippets the browser is sent by /api/admin/site-settings and
 * /api/admin/advertisement-codes; read from PostgreSQL when Redis cannot answer.
 */
@Injectable()
export class SnippetSources {
  private readonly logger = new Logger('SnippetSources');

  constructor(
    private readonly settings: SettingsService,
    private readonly cache: PublicCacheService,
    private readonly em: EntityManager,
  ) {}

  /** The sources now; none (snippets refused, the page still served) when the settings cannot be read. */
  current(): Promise<ScriptSources> {
    return this.read().catch((error: unknown) => {
      this.logger.warn(`Snippet script sources unreadable, public pages allow none: ${String(error)}`);
      return { hosts: [], hashes: [] };
    });
  }

  private async read(): Promise<ScriptSources> {
    // Pages are answered by the web app's own route, not a Nest handler: this read opens its own ORM context.
    const compute = () =>
      RequestContext.create(this.em, async () => {
        const [site, ads] = await Promise.all([this.settings.siteSettings(), this.settings.advertisementCodes()]);
        return JSON.stringify(snippetScriptSources([...Object.values(site), ...Object.values(ads)]));
      });
    const slot = await this.cache.lookup('settings', CACHE_ADDRESS);
    if (slot?.hit) return JSON.parse(slot.hit.body.toString()) as ScriptSources;
    const body = slot
      ? (await this.cache.fill(slot.key, CACHE_POLICIES.settings.ttlSeconds, compute)).body.toString()
      : await compute();
    return JSON.parse(body) as ScriptSources;
  }
}
