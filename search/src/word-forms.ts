import { countries } from 'countries-list';
import snowball from 'snowball-stemmers';
import { englishStem } from '@directory/core';

/**
 * Word forms: plural and singular (and other inflections) match each other through their Snowball stem, the
 * algorithm of PostgreSQL's `<language>_stem` dictionary (the same stems over the real exports' words and a list of
 * inflected words of each language: the relevance suite's stem tests). A document holds, besides its words, the stem
 * of each word in English and in its country's languages (STEM_LANGUAGES, by countries-list) wherever the stem differs
 * from the word, marked alike in every language (`=bakeri` for "bakery", `=backerei` for "Bäckereien" in Zürich). A
 * query does not know its language: each of its words stands also for its stem in every language, marked and as a
 * word ("bakeries" → `=bakeri`, `bakeri`; "bäckereien" → `=backerei`, `backerei`), so "bakeries" finds "Bakery", "gym"
 * finds "Gyms" and "bäckereien" finds "Bäckerei". One mark, because the languages mostly agree on a word's stem: a
 * query word stands for two or three stems, where a mark per language made it twelve lexemes and cost a fifth of the
 * engine's throughput at 1.2M (bench/engine-notes.md "Word forms").
 */

/** A language whose words are stemmed: PostgreSQL has its Snowball dictionary and snowball-stemmers its algorithm. */
export interface StemLanguage {
  /** ISO 639-1 codes of the language as countries-list names it (Norwegian is `no`, `nb` and `nn`). */
  codes: readonly string[];
  /** The Snowball algorithm: snowball-stemmers' name, and PostgreSQL's dictionary `<algorithm>_stem`. */
  algorithm: string;
  /**
   * The folded words it stems (text.ts fold: accents dropped, so German "bäckerei" is stemmed as "backerei", which
   * the German algorithm stems alike: it drops the umlauts of its stems). Words of other letters are left alone: the
   * two implementations are held equal on these.
   */
  letters: string;
}

/** Letters a–z: the folded words of the Latin-script languages. */
const LATIN = 'a-z';
/** Cyrillic а–я: folded Russian words (й and ё fold to и and е). Escapes, so no locale reads them. */
const CYRILLIC = '\\u0430-\\u044f';

/**
 * English first: every document is stemmed in English (the data's categories are English in any country), as before
 * other languages were. The others are the languages of the data's countries whose singular and plural share a stem
 * once folded (search/src/quality/stems.ts lists the inflections checked). Left out: Turkish ("lokanta" → `loka` but
 * "lokantalar" → `lokanta`, "fırınlar" folded unstemmed: the algorithm needs ı, ö and ü), and the languages with no
 * algorithm in snowball-stemmers (Greek, Serbian, Hindi...) or in PostgreSQL (Czech, Slovene).
 */
export const STEM_LANGUAGES: readonly StemLanguage[] = [
  { codes: ['en'], algorithm: 'english', letters: LATIN },
  { codes: ['de'], algorithm: 'german', letters: LATIN },
  { codes: ['fr'], algorithm: 'french', letters: LATIN },
  { codes: ['it'], algorithm: 'italian', letters: LATIN },
  { codes: ['es'], algorithm: 'spanish', letters: LATIN },
  { codes: ['pt'], algorithm: 'portuguese', letters: LATIN },
  { codes: ['nl'], algorithm: 'dutch', letters: LATIN },
  { codes: ['sv'], algorithm: 'swedish', letters: LATIN },
  { codes: ['da'], algorithm: 'danish', letters: LATIN },
  { codes: ['no', 'nb', 'nn'], algorithm: 'norwegian', letters: LATIN },
  { codes: ['fi'], algorithm: 'finnish', letters: LATIN },
  { codes: ['ru'], algorithm: 'russian', letters: CYRILLIC },
];

/**
 * The mark of a stem among a document's words, in any language (no letter or digit: never a word of its own; the
 * vocabulary of typo variants leaves such lexemes out).
 */
export const STEM_MARK = '=';

const byCode = new Map(STEM_LANGUAGES.flatMap((language) => language.codes.map((code) => [code, language] as const)));

/**
 * The languages a document of this country is stemmed in: English, then the country's languages (countries-list, in
 * its order) that STEM_LANGUAGES has. An unknown or missing country: English alone.
 */
export function countryStemLanguages(countryCode: string | null | undefined): StemLanguage[] {
  const country = countryCode ? countries[countryCode.toUpperCase() as keyof typeof countries] : undefined;
  const languages = (country?.languages ?? []).map((code) => byCode.get(code)).filter((l) => l !== undefined);
  return [...new Set([STEM_LANGUAGES[0], ...languages])];
}

/** Each country with a language besides English, by the algorithms it is stemmed in (search_stem_languages). */
export function countriesByStemLanguages(): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const code of Object.keys(countries).sort()) {
    const algorithms = countryStemLanguages(code).map((language) => language.algorithm);
    if (algorithms.length === 1) continue;
    const key = algorithms.join(',');
    groups.set(key, [...(groups.get(key) ?? []), code]);
  }
  return groups;
}

const stemmers = new Map(STEM_LANGUAGES.map((l) => [l, snowball.newStemmer(l.algorithm)]));
const letterTests = new Map(STEM_LANGUAGES.map((l) => [l, new RegExp(`^[${l.letters}]+$`, 'u')]));

/** The stem of a folded word in a language (the word itself when it has none), or null when not of its letters. */
function stemOrWord(language: StemLanguage, word: string): string | null {
  if (!letterTests.get(language)!.test(word)) return null;
  return stemmers.get(language)!.stem(word) || word;
}

/** The stem of a folded word in a language, or null when it is the word itself or not a word of its letters. */
export function stemIn(language: StemLanguage, word: string): string | null {
  const stem = stemOrWord(language, word);
  return stem !== word ? stem : null;
}

/** The English stem of a folded word of the letters a–z, or null when it is the word itself (or none). */
export const stemOf = englishStem;

/**
 * The forms of the words searched last, the oldest forgotten first: a word's stems in every language take about
 * 0.1 ms to compute (snowball-stemmers, ~9 µs a language), and searches repeat their words.
 */
const FORMS_REMEMBERED = 10_000;
const formsRemembered = new Map<string, readonly string[]>();

/**
 * What a query word stands for besides itself: its stem in each language, marked (documents' inflections, "gym" the
 * `=gym` of "Gyms": also when the stem is the word itself) and as a word where it differs (documents whose word is the
 * stem itself, which carry no stem of it), each once.
 */
export function wordFormsOf(word: string): readonly string[] {
  let forms = formsRemembered.get(word);
  if (forms === undefined) {
    const found = new Set<string>();
    for (const language of STEM_LANGUAGES) {
      const stem = stemOrWord(language, word);
      if (stem === null) continue;
      found.add(`${STEM_MARK}${stem}`);
      if (stem !== word) found.add(stem);
    }
    forms = Object.freeze([...found]);
    if (formsRemembered.size >= FORMS_REMEMBERED) formsRemembered.delete(formsRemembered.keys().next().value!);
    formsRemembered.set(word, forms);
  }
  return forms;
}
