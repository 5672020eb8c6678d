import { englishStem } from './english-stem.js';

/**
 * What makes two category spellings one category: equal after case, accents, English plural/singular (the
 * Snowball stem of each word) and spaces ("Restaurant" = "restaurants", "Bar" = "bars", "Café" = "cafes",
 * "Burger restaurant" = "Burgerrestaurant"). Translations are different keys (Kaffeegeschäft is not Café).
 */
export function categoryKey(category: string): string {
  return (
    category
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLocaleLowerCase('en-US')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      // A word in -ing names an activity, not a plural: "Fishing store" is not "Fish store", "Catering" not "Cater".
      .map((word) => (word.endsWith('ing') ? word : (englishStem(word) ?? word)))
      .join('')
  );
}
