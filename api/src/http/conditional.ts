import type { IncomingHttpHeaders } from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * Whether the client's copy (If-None-Match) is the answer with this ETag, weakly compared, so the answer is
 * a 304 with no body; a request that says `Cache-Control: no-cache` always gets the whole answer.
 */
export function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const match = headers['if-none-match'];
  if (!match || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers['cache-control'] ?? '')) return false;
  if (match.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return match.split(',').some((tag) => opaque(tag) === wanted);
}

/** The encoding to send a stored compressed body in, br before gzip, or undefined when the client takes neither. */
export function storedEncodingFor(headers: IncomingHttpHeaders): 'br' | 'gzip' | undefined {
  const accepted = headers['accept-encoding'];
  return accepted ? ((negotiate(accepted, ['br', 'gzip']) as 'br' | 'gzip' | null) ?? undefined) : undefined;
}
