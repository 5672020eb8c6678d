/** Letters that carry no combining mark in Unicode but that a visitor types without one. */
const PLAIN: Record<string, string> = { ß: 'ss', ı: 'i', ł: 'l', ø: 'o', đ: 'd', æ: 'ae', œ: 'oe', þ: 'th' };

/**
 * A name as a list filter compares it: case and accents folded, so "zurich" finds "Zürich", "cafe" finds "Café"
 * and "turkiye" finds "Türkiye". Both the needle and the names go through it.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßıłøđæœþ]/g, (c) => PLAIN[c] ?? c);
}

/** Whether `name` contains `query`, both folded; an empty query matches every name. */
export function foldedIncludes(name: string, query: string): boolean {
  return foldText(name).includes(foldText(query.trim()));
}
