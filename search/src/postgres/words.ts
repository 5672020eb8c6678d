import { WORD_SEPARATOR } from '../text.js';
import { countriesByStemLanguages, STEM_LANGUAGES, STEM_MARK } from '../word-forms.js';

/**
 * The documents' words in SQL, cut by the same rule as the queries' (text.ts searchWords): search_words() is
 * generated from WORD_SEPARATOR, and words.spec.ts and the relevance suite hold the two equal over a list of hard
 * cases and every name of the real exports.
 */

/** WORD_SEPARATOR as code point ranges (surrogates, which text never holds alone, left out). */
export function separatorRanges(): [number, number][] {
  const ranges: [number, number][] = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (!WORD_SEPARATOR.test(String.fromCodePoint(c))) continue;
    const last = ranges.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  return ranges;
}

/** A PostgreSQL regular expression bracket of the ranges, each end as a \u or \U escape (no locale involved). */
function bracket(ranges: [number, number][]): string {
  const escape = (c: number) =>
    c <= 0xffff ? `\\u${c.toString(16).padStart(4, '0')}` : `\\U${c.toString(16).padStart(8, '0')}`;
  return `[${ranges.map(([a, b]) => (a === b ? escape(a) : `${escape(a)}-${escape(b)}`)).join('')}]`;
}

/**
 * The algorithms of search_stem_languages' country_code: the listed countries' in a JSON object looked up by code,
 * else English alone. A lookup costs a quarter of what a case of `upper(country_code) in (…)` a language group did
 * (upper-cased for each); it runs three times a document (bench/engine-notes.md "Rebuild").
 */
function stemLanguagesLookup(): string {
  const byCountry = Object.fromEntries(
    [...countriesByStemLanguages()].flatMap(([algorithms, codes]) => codes.map((code) => [code, `{${algorithms}}`])),
  );
  return `coalesce('${JSON.stringify(byCountry)}'::jsonb ->> upper(country_code), '{${STEM_LANGUAGES[0].algorithm}}')`;
}

/**
 * The functions the documents' generated columns call: search_words (a text's folded words, one space apart),
 * search_stem_text (the marked stems of a tsvector's words in the document's country's languages, where they differ
 * from the word: the same as word-forms.ts stemIn) and search_document_lexemes (the document's tsvector).
 * Replaced at every setup and rebuild; a change of them is a change of LAYOUT_VERSION.
 */
export function wordFunctionsSql(): string[] {
  const separators = `${bracket(separatorRanges())}+`;
  // As fold(): decomposed, accents dropped, then unaccent's letters (ß → ss, ø → o) and lower case. Separators go
  // before unaccent too, which spells some symbols as letters (© → (C)).
  return [
    `create or replace function search_words(value text) returns text
      language sql immutable strict parallel safe
      as $$ select btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary,
        regexp_replace(regexp_replace(normalize(value, NFKD), '[\\u0300-\\u036f]+', '', 'g'), '${separators}', ' ', 'g'))),
        '${separators}', ' ', 'g')) $$`,
    // The algorithms a document of a country is stemmed in (word-forms.ts countryStemLanguages): English alone unless
    // the country is listed.
    `create or replace function search_stem_languages(country_code text) returns text[]
      language sql immutable parallel safe
      as $$ select (${stemLanguagesLookup()})::text[] $$`,
    // The marked stems of a tsvector's words in each of the languages (word-forms.ts stemIn), where they differ from
    // the word. A language's stop words have none (ts_lexize gives them an empty array).
    `create or replace function search_stem_text(words tsvector, weight text, languages text[]) returns text
      language plpgsql immutable parallel safe strict
      as $$
      declare
        language text;
        dictionary regdictionary;
        letters text;
        lexeme text;
        stem text;
        stems text := '';
      begin
        foreach language in array languages loop
          case language
            ${STEM_LANGUAGES.map(
              (l) => `when '${l.algorithm}' then dictionary := '${l.algorithm}_stem'; letters := '^[${l.letters}]+$';`,
            ).join('\n            ')}
          end case;
          foreach lexeme in array tsvector_to_array(words) loop
            continue when lexeme !~ letters;
            stem := (ts_lexize(dictionary, lexeme))[1];
            continue when stem is null or stem = lexeme;
            stems := stems || ' ''${STEM_MARK}' || stem || ''':1' || weight;
          end loop;
        end loop;
        return stems;
      end $$`,
    // The words of the name (weight A), category and type (B), every word's first letters (search_prefix_text, for
    // short prefixes) and their stems (word-forms.ts): the documents' title words, which rare name words are found by.
    `create or replace function search_title_lexemes(name text, category text, type text, country_code text)
      returns tsvector
      language plpgsql immutable parallel safe
      as $$
      declare
        languages text[] := search_stem_languages(country_code);
        name_words tsvector := to_tsvector('simple', search_words(coalesce(name, '')));
        category_words tsvector := to_tsvector('simple', search_words(coalesce(category, '') || ' ' || coalesce(type, '')));
      begin
        return setweight(name_words, 'A') || setweight(category_words, 'B') || (
          search_prefix_text(name_words, 'A') || search_prefix_text(category_words, 'B')
          || search_stem_text(name_words, 'A', languages) || search_stem_text(category_words, 'B', languages))::tsvector;
      end $$`,
    // The title words, then the address's words (C) and what else the business answers to (D: its synonyms' phrases
    // and its amenities), with their first letters, and the stems of D's words.
    `create or replace function search_document_lexemes(
        name text, category text, type text, city text, full_address text, country text, also text, country_code text)
      returns tsvector
      language plpgsql immutable parallel safe
      as $$
      declare
        address_words tsvector := to_tsvector('simple', search_words(
          coalesce(city, '') || ' ' || coalesce(full_address, '') || ' ' || coalesce(country, '')));
        also_words tsvector := to_tsvector('simple', search_words(coalesce(also, '')));
      begin
        return search_title_lexemes(name, category, type, country_code) || setweight(address_words, 'C')
          || setweight(also_words, 'D') || (search_prefix_text(address_words, 'C') || search_prefix_text(also_words, 'D')
          || search_stem_text(also_words, 'D', search_stem_languages(country_code)))::tsvector;
      end $$`,
  ];
}
