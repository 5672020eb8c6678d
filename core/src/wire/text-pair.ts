/** The sentences a pair of texts an admin form sends is checked by (a search synonym, a category merge). */
export interface TextPairRules {
  maxChars: number;
  empty: string;
  tooLong: string;
  noWord: string;
}

/**
 * What is wrong with the pair, in the rules' sentence (the api's validation answers the same); null when nothing.
 * Browser-safe: the admin's forms check before sending.
 */
export function textPairProblem(first: string, second: string, rules: TextPairRules): string | null {
  const [a, b] = [first.trim(), second.trim()];
  if (!a || !b) return rules.empty;
  if (a.length > rules.maxChars || b.length > rules.maxChars) return rules.tooLong;
  if (!/[\p{L}\p{N}]/u.test(a) || !/[\p{L}\p{N}]/u.test(b)) return rules.noWord;
  return null;
}
