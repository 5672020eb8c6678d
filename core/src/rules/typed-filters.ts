/**
 * Filters a visitor types among the words of a search ("pizza open now", "open now cafés"): read as the filter, the
 * rest as the words. One rule for the web (the "Open now" box is ticked) and both engines (a search by the api).
 */

/** The phrases that mean the open-now filter, as whole words in any case. */
const OPEN_NOW = /(?:^|\s)(?:open\s+(?:right\s+)?now|now\s+open)(?=\s|$)/giu;

/** The words without the open-now phrase, and whether it was typed. */
export function typedOpenNow(q: string): { q: string; openNow: boolean } {
  const rest = q.replace(OPEN_NOW, ' ');
  return rest === q ? { q, openNow: false } : { q: rest.replace(/\s+/g, ' ').trim(), openNow: true };
}
