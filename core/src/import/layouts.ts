import type pg from 'pg';
import { type ColumnMapping, IMPORT_TARGETS } from './columns.js';

/*
 * The mapping an admin confirmed for a layout, remembered in import_layouts under the header row's signature
 * (Migration20261127000072ImportLayouts): the next preview of a file with the same headers starts from it.
 */

/** Stores (or replaces) a layout's mapping: parameters signature, headers (JSON), mapping (JSON), admin. */
export const REMEMBER_LAYOUT_SQL = `insert into import_layouts (signature, headers, mapping, updated_by) values (?, ?, ?, ?)
  on conflict (signature) do update set headers = excluded.headers, mapping = excluded.mapping,
    updated_by = excluded.updated_by, updated_at = now()`;

export async function rememberedMapping(db: pg.Pool | pg.ClientBase, signature: string): Promise<ColumnMapping | null> {
  const { rows } = await db.query<{ mapping: ColumnMapping }>(
    'select mapping from import_layouts where signature = $1',
    [signature],
  );
  return rows[0]?.mapping ?? null;
}

/**
 * Checks a mapping sent by the admin: an object naming import columns, each a header of the file or null.
 * Returns the problem as a sentence, or null when it is fine.
 */
export function mappingProblem(
  mapping: unknown,
  headers: readonly string[],
  options: { requireName: boolean },
): string | null {
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping))
    return 'mapping must be an object: column → a header of the file, or null.';
  const known = new Set<string>(IMPORT_TARGETS);
  const available = new Set(headers);
  for (const [column, source] of Object.entries(mapping)) {
    if (!known.has(column)) return `mapping names "${column.slice(0, 60)}", which is not a column an import reads.`;
    if (source !== null && (typeof source !== 'string' || !available.has(source)))
      return `mapping.${column} must be a header of the file or null.`;
  }
  if (options.requireName && !(mapping as ColumnMapping).name)
    return 'mapping.name must name a header: every business needs a name.';
  return null;
}
