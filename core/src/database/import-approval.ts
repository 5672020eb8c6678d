import type pg from 'pg';

/**
 * The site_settings key of "imports need approval" (issue 34 moderation): 'true' stores the businesses an
 * import creates unapproved, waiting in the admin's review queue; anything else (the default 'false', or no
 * row) publishes them at once, the spec's behaviour.
 */
export const IMPORT_APPROVAL_KEY = 'imports_need_approval';

/** The stored text as the setting: only 'true' turns it on. */
export const importsNeedApprovalFrom = (value: string | null | undefined): boolean => value === 'true';

/** Read in the import's own transaction, so the whole file follows one value of the setting. */
export async function importsNeedApproval(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ value: string }>('select value from site_settings where key = $1', [
    IMPORT_APPROVAL_KEY,
  ]);
  return importsNeedApprovalFrom(rows[0]?.value);
}
