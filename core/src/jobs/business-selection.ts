/** Which businesses an admin selection means, as SQL: shared by the api's list and writes and the worker's jobs. */
import { containing } from '../database/like-pattern.js';
import { slugify } from '../rules/slug.js';
import type { AdminBusinessFilters } from '../wire/admin-businesses.js';

/**
 * The admin list's filters (name text, category, approval, country) as conditions on `businesses` joined by
 * `and` (none: every business) and their parameters, in `?` placeholders as MikroORM's execute takes them.
 */
export function adminFilterConditions(filters: AdminBusinessFilters): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filters.filter?.trim()) {
    conditions.push('name ilike ?');
    params.push(containing(filters.filter.trim()));
  }
  if (filters.category && filters.category !== 'all') {
    conditions.push('category_slug = ?');
    params.push(slugify(filters.category));
  }
  if (filters.approval === 'approved') conditions.push('is_approved');
  if (filters.approval === 'waiting') conditions.push('not is_approved');
  if (filters.countryCode) {
    conditions.push('country_code = ?');
    params.push(filters.countryCode.toUpperCase());
  }
  return { conditions, params };
}
