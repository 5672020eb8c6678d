/**
 * Per query word, the words it may stand for: itself first, then typo variants found in the vocabulary.
 * A word ending in `*` is a prefix, one beginning with `^` a word's indexed first letters (query words are
 * letters and digits only, so the marks are unambiguous).
 */
export type WordGroups = string[][];

/**
 * tsquery text: every group must match (one of its alternatives); `word*` is a prefix. Weights restrict
 * to fields (A name, B category/type). Words are letters and digits only (queryWords).
 */
export function tsquery(groups: WordGroups, weights = ''): string {
  return groups
    .map((alternatives) => {
      const terms = alternatives.map((w) => {
        const prefix = w.endsWith('*') ? '*' : '';
        return `'${prefix ? w.slice(0, -1) : w}'${prefix || weights ? `:${prefix}${weights}` : ''}`;
      });
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * The SQL tsquery of the word groups: to_tsquery for words and prefixes (the same parser as the documents'),
 * and the `^` lexemes of short prefixes cast as they are (to_tsquery's parser would drop the mark).
 */
export function wordsTsquery(
  groups: WordGroups,
  param: (value: unknown, cast?: string) => string,
  weights = '',
): string {
  const marked = (group: string[]) => group.length === 1 && group[0].startsWith('^');
  const parts: string[] = [];
  const words = groups.filter((group) => !marked(group));
  const prefixes = groups.filter(marked);
  if (words.length > 0) parts.push(`to_tsquery('simple', ${param(tsquery(words, weights))})`);
  if (prefixes.length > 0) parts.push(param(tsquery(prefixes, weights), '::tsquery'));
  return parts.length === 1 ? parts[0] : `(${parts.join(' && ')})`;
}

/** The words as typed: the last one a prefix. */
export function asTyped(words: readonly string[]): WordGroups {
  return words.map((w, i) => [i === words.length - 1 ? `${w}*` : w]);
}

/**
 * tsquery text of a location: every comma-separated part must match one of its alternatives, each a
 * `~term` lexeme (search_location_lexemes). Quoted as tsquery literals, so spaces and quotes stay inside.
 */
export function locationTsquery(groups: readonly string[][]): string {
  return groups.map((alternatives) => `(${alternatives.map((t) => quotedLexeme(`~${t}`)).join(' | ')})`).join(' & ');
}

/** A lexeme as a tsquery literal: quoted, so spaces, colons and quotes stay inside it. */
export function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
