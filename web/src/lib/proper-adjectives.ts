/**
 * Words that stay capitalised in running text when a business type starts with them ("Swiss restaurant" → "a
 * Swiss restaurant", but "Coffee shop" → "a coffee shop"): nationalities, languages, regions and faiths that
 * place types begin with. A fixed list, so that the server and every browser write the same sentence.
 */
const WORDS = `Afghan African Afrikaans Albanian Algerian American Amharic Andalusian Anglican Arab Arabic Argentine
  Argentinian Armenian Asian Australian Austrian Azerbaijani Balinese Balkan Bangladeshi Baptist Basque Bavarian
  Belarusian Belgian Bengali Bolivian Bosnian Brazilian Breton British Buddhist Bulgarian Burmese Cajun Californian
  Cambodian Canadian Cantonese Caribbean Catalan Catholic Chilean Chinese Christian Colombian Congolese Corsican
  Creole Croatian Cuban Cypriot Czech Danish Dominican Dutch Ecuadorian Egyptian English Episcopal Eritrean Estonian
  Ethiopian European Evangelical Filipino Finnish French Galician Georgian German Ghanaian Greek Guatemalan Haitian
  Hakka Hawaiian Hindu Honduran Hungarian Icelandic Indian Indonesian Iranian Iraqi Irish Islamic Israeli Italian
  Jamaican Japanese Javanese Jewish Jordanian Kazakh Kenyan Khmer Korean Kurdish Kyrgyz Lao Laotian Latin Latvian
  Lebanese Libyan Lithuanian Lutheran Luxembourgish Macedonian Malagasy Malaysian Maltese Mediterranean Mennonite
  Methodist Mexican Mongolian Moroccan Mormon Muslim Neapolitan Nepalese Nepali Nicaraguan Nigerian Nordic
  Norwegian Orthodox Pakistani Palestinian Panamanian Pentecostal Persian Peruvian Polish Polynesian Portuguese
  Presbyterian Protestant Provençal Puerto Punjabi Romanian Russian Salvadoran Sardinian Scandinavian Scottish
  Senegalese Serbian Shanghainese Sichuan Sicilian Sikh Singaporean Slovak Slovenian Somali Spanish Sri Sudanese
  Swedish Swiss Syrian Taiwanese Tamil Tanzanian Tex-Mex Thai Tibetan Tunisian Turkish Tuscan Ugandan Ukrainian
  Uruguayan Uyghur Uzbek Venezuelan Vietnamese Welsh Yemeni Yiddish`;

const PROPER = new Set(WORDS.split(/\s+/).filter(Boolean));

/**
 * A business type as it reads inside a sentence: its first word lowercased unless it is one of the proper
 * adjectives above or written in capitals ("ATM", "BMW dealer"); the other words as the data has them.
 */
export function typeInSentence(type: string): string {
  const [first, ...rest] = type.trim().split(/(\s+)/);
  if (!first) return '';
  const keep = PROPER.has(first) || /^\p{Lu}[\p{Lu}\d-]+$/u.test(first);
  return [keep ? first : first.toLowerCase(), ...rest].join('');
}
