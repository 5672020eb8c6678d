/**
 * Per query word, the words it may stand for: itself first, then typo variants found in the vocabulary and its
 * stem (word-forms.ts). A word ending in `*` is a prefix, one beginning with `^` a word's indexed first letters, one
 * beginning with `=` a stem (query words are letters and digits only, so the marks are unambiguous).
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
 * The SQL tsquery of the word groups, cast as it is written: query words are letters and digits (searchWords),
 * which the documents' parser keeps whole (words.spec.ts), and a cast keeps the marks of `^` prefixes and `=` stems,
 * which to_tsquery's parser would drop. One form for any words, so a statement's text does not depend on them.
 */
export function wordsTsquery(
  groups: WordGroups,
  param: (value: unknown, cast?: string) => string,
  weights = '',
): string {
  return param(tsquery(groups, weights), '::tsquery');
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
