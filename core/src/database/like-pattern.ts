/**
 * An `ilike` pattern matching text that contains `text` as typed: its `%`, `_` and `\` are escaped (PostgreSQL's
 * default escape character), so "%" looks for a percent sign instead of matching everything.
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
