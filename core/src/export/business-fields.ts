/**
 * The 27 business fields of admin spec §3, in the order the spec lists them: the one list the export,
 * the import's columns, the import writer and the admin web app derive theirs from. Pure (no Node or
 * browser imports) so that the web app bundles it too.
 */
export const EXPORT_FIELDS = [
  'id',
  'name',
  'slug',
  'category',
  'type',
  'full_address',
  'street',
  'city',
  'postal_code',
  'country',
  'country_code',
  'phone',
  'latitude',
  'longitude',
  'rating',
  'reviews',
  'reviews_link',
  'photo',
  'logo',
  'located_in',
  'working_hours',
  'verified',
  'about',
  'place_id',
  'created_at',
  'updated_at',
  'url',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

/** Admin spec §9: what the export dialog selects before the admin changes anything. */
export const DEFAULT_EXPORT_FIELDS: readonly ExportField[] = ['name', 'full_address', 'phone', 'type'];

/** EXPORT_FIELDS without `excluded`, in the same order, typed as what is left. */
export function fieldsExcept<const Excluded extends ExportField>(
  excluded: readonly Excluded[],
): readonly Exclude<ExportField, Excluded>[] {
  const dropped: readonly ExportField[] = excluded;
  return EXPORT_FIELDS.filter((field): field is Exclude<ExportField, Excluded> => !dropped.includes(field));
}
