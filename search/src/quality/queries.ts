import { mulberry32 } from '@directory/core';
import { fold, queryWords } from '../text.js';
import type { CorpusBusiness } from './corpus.js';

/**
 * The relevance suite's queries, made from the corpus itself: each with what it must find and how high. Made the
 * same way on every run (a seeded generator), so a figure changes only when the engine does.
 */

/** A query whose target must be ranked at `rank` or better: `id`, or any business with the same name words. */
export interface RankCase {
  q: string;
  id: number;
  nameWords: string;
  rank: number;
}

/** A query that must find every one of `expected` (recall). */
export interface RecallCase {
  q?: string;
  location?: string;
  expected: number[];
}

/** A query with a location: every hit must be in the place (`inPlace`). */
export interface PrecisionCase {
  q: string;
  location: string;
  inPlace: (business: CorpusBusiness) => boolean;
}

export const nameWordsOf = (name: string) => queryWords(name).join(' ');

/** Names with something besides letters, digits and spaces, where word cutting matters. */
const PUNCTUATED = /[^\p{L}\p{N}\s]/u;

/** Every name with punctuation, and a sample of the others up to `size` names in all; each name once. */
export function exactNameCases(corpus: readonly CorpusBusiness[], size = 1200): RankCase[] {
  const byName = new Map<string, CorpusBusiness>();
  for (const b of corpus) if (queryWords(b.name).length > 0 && !byName.has(b.name)) byName.set(b.name, b);
  const names = [...byName.values()];
  const punctuated = names.filter((b) => PUNCTUATED.test(b.name));
  const plain = shuffled(
    names.filter((b) => !PUNCTUATED.test(b.name)),
    7,
  ).slice(0, Math.max(0, size - punctuated.length));
  return [...punctuated, ...plain].map((b) => ({ q: b.name, id: b.id, nameWords: nameWordsOf(b.name), rank: 1 }));
}

/**
 * Names with one typo in one word of 5+ letters (not its first letter: a swap, a letter dropped, added or
 * replaced), kept when the misspelt word is no word of the corpus; the business must be in the top 3.
 */
export function typoCases(corpus: readonly CorpusBusiness[], size = 300): RankCase[] {
  const vocabulary = new Set(corpus.flatMap((b) => queryWords(`${b.name} ${b.category ?? ''} ${b.type ?? ''}`)));
  const random = mulberry32(11);
  const cases: RankCase[] = [];
  const seen = new Set<string>();
  for (const b of shuffled(corpus, 13)) {
    if (cases.length >= size) break;
    if (seen.has(b.name)) continue;
    seen.add(b.name);
    const words = fold(b.name).split(/\s+/);
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^\p{Ll}{5,}$/u.test(w));
    if (long.length === 0) continue;
    const [word, at] = long[Math.floor(random() * long.length)];
    const typo = misspell(word, random);
    if (typo === word || vocabulary.has(typo)) continue;
    const q = words.map((w, i) => (i === at ? typo : w)).join(' ');
    cases.push({ q, id: b.id, nameWords: nameWordsOf(b.name), rank: 3 });
  }
  return cases;
}

function misspell(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)];
  switch (Math.floor(random() * 4)) {
    case 0:
      return at < word.length - 1 && word[at] !== word[at + 1]
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + letter + word.slice(at);
    default:
      return word.slice(0, at) + (letter === word[at] ? 'x' : letter) + word.slice(at + 1);
  }
}

/** Singular and plural of the nouns people look for in the corpus's categories and types (English). */
const WORD_FORMS: [string, string][] = [
  ['contractor', 'contractors'],
  ['gym', 'gyms'],
  ['church', 'churches'],
  ['clinic', 'clinics'],
  ['electrician', 'electricians'],
  ['center', 'centers'],
  ['dentist', 'dentists'],
  ['service', 'services'],
  ['plumber', 'plumbers'],
  ['school', 'schools'],
  ['studio', 'studios'],
  ['repair', 'repairs'],
  ['supplier', 'suppliers'],
  ['store', 'stores'],
  ['physician', 'physicians'],
  ['practice', 'practices'],
  ['club', 'clubs'],
  ['surgeon', 'surgeons'],
  ['doctor', 'doctors'],
  ['wholesaler', 'wholesalers'],
  ['supply', 'supplies'],
  ['company', 'companies'],
  ['shop', 'shops'],
  ['restaurant', 'restaurants'],
  ['cafe', 'cafes'],
  ['bar', 'bars'],
  ['bakery', 'bakeries'],
  ['hotel', 'hotels'],
];

/**
 * German singular and plural (and adjective endings) of the words of the Zürich export's names and categories
 * ("Bäckerei", "Taverne", "Schweizerisches Restaurant"), typed as people type them (the query folds them).
 */
const GERMAN_WORD_FORMS: string[][] = [
  ['bäckerei', 'bäckereien'],
  ['taverne', 'tavernen'],
  ['terrasse', 'terrassen'],
  ['krone', 'kronen'],
  ['stube', 'stuben'],
  ['haus', 'häuser'],
  ['garten', 'gärten'],
  ['küche', 'küchen'],
  ['stern', 'sternen'],
  ['schweizerische', 'schweizerisches'],
  ['chinesische', 'chinesisches'],
  ['vegane', 'veganes'],
];

/**
 * Plural ↔ singular: each noun of WORD_FORMS that 3+ businesses have, queried in both forms; each must find every
 * business with either form in its name, category or type.
 */
export function wordFormCases(corpus: readonly CorpusBusiness[]): RecallCase[] {
  return formCases(corpus, WORD_FORMS, 3, (form) => form);
}

/**
 * German plural ↔ singular in Zürich: each of GERMAN_WORD_FORMS that a business of the Zürich export has, queried in
 * each form followed by "zürich" (the form is then a word, not the prefix the last word is, which begins its
 * plurals), must find every Zürich business with any of the forms.
 */
export function germanWordFormCases(corpus: readonly CorpusBusiness[]): RecallCase[] {
  const inZurich = corpus.filter((b) => b.country_code === 'CH' && fold(b.full_address ?? '').includes('zurich'));
  return formCases(inZurich, GERMAN_WORD_FORMS, 1, (form) => `${form} zürich`);
}

function formCases(
  corpus: readonly CorpusBusiness[],
  nouns: readonly (readonly string[])[],
  atLeast: number,
  query: (form: string) => string,
): RecallCase[] {
  const wordsOf = new Map(
    corpus.map((b) => [b.id, new Set(queryWords(`${b.name} ${b.category ?? ''} ${b.type ?? ''}`))]),
  );
  return nouns.flatMap((forms) => {
    const folded = forms.map((f) => queryWords(f).join(' '));
    const expected = corpus.filter((b) => folded.some((f) => wordsOf.get(b.id)!.has(f))).map((b) => b.id);
    return expected.length < atLeast ? [] : forms.map((form) => ({ q: query(form), expected }));
  });
}

/**
 * Location filter precision: the most common category word of each city with 10+ businesses, searched in that
 * city, and in its country by code; every hit must be there (the city or the address names each comma-separated
 * part of the location; the country code).
 */
export function locationCases(corpus: readonly CorpusBusiness[]): PrecisionCase[] {
  const byCity = new Map<string, CorpusBusiness[]>();
  for (const b of corpus) if (b.city) byCity.set(b.city, [...(byCity.get(b.city) ?? []), b]);
  const cases: PrecisionCase[] = [];
  for (const [city, businesses] of [...byCity].sort(([a], [b]) => a.localeCompare(b))) {
    if (businesses.length < 10) continue;
    const counts = new Map<string, number>();
    for (const b of businesses)
      for (const w of queryWords(b.category ?? '')) if (w.length >= 3) counts.set(w, (counts.get(w) ?? 0) + 1);
    const word = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
    if (!word) continue;
    const parts = fold(city).split(/\s*,\s*/);
    const code = businesses[0].country_code;
    cases.push({
      q: word,
      location: city,
      inPlace: (b) => parts.every((part) => fold(`${b.city ?? ''}, ${b.full_address ?? ''}`).includes(part)),
    });
    if (code) cases.push({ q: word, location: code, inPlace: (b) => b.country_code === code });
  }
  return cases;
}

/**
 * Places by another of their names (GeoNames' alternate names, US states by name and code, ASCII spellings):
 * each alias must find the businesses of the place, as the place's own name does.
 */
export function aliasCases(corpus: readonly CorpusBusiness[]): RecallCase[] {
  const where = (test: (b: CorpusBusiness) => boolean) => corpus.filter(test).map((b) => b.id);
  const address = (b: CorpusBusiness) => fold(`${b.city ?? ''}, ${b.full_address ?? ''}`);
  const belgrade = where((b) => /\b(beograd|belgrade)\b|београд/.test(address(b)));
  const alabama = where((b) => b.country_code === 'US' && /\bal \d{5}\b/.test(address(b)));
  const newYorkState = where((b) => b.country_code === 'US' && /\bny \d{5}\b/.test(address(b)));
  // "New York" names the city (location precision holds it there); the state is "NY".
  const newYork = where((b) => b.country_code === 'US' && /\bnew york\b/.test(address(b)));
  const zurich = where((b) => b.country_code === 'CH' && /\bzurich\b/.test(address(b)));
  const cases: RecallCase[] = [
    { location: 'Belgrade', expected: belgrade },
    { location: 'Београд', expected: belgrade },
    { location: 'Beograd', expected: belgrade },
    { location: 'Alabama', expected: alabama },
    { location: 'AL', expected: alabama },
    { location: 'New York', expected: newYork },
    { location: 'NYC', expected: newYork },
    { location: 'NY', expected: newYorkState },
    { location: 'Zurich', expected: zurich },
    { location: 'Zurigo', expected: zurich },
  ];
  return cases.filter((c) => c.expected.length > 0);
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = mulberry32(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
