/**
 * The form an address segment is looked up by among the aliases (place_aliases.alias): the slug without accents
 * and case, so every spelling of a name that differs only there finds the same page (/cities/ch/zurich,
 * /cities/de/munchen, /countries/turkiye).
 */
export function aliasKey(slug: string): string {
  return slug.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US').replace(/ß/g, 'ss').trim();
}
