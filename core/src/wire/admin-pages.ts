/**
 * The admin back office's pages (admin spec §2, issue 34): the server answers these with the admin shell and
 * 200, any other /admin address with the shell and 404 (the screen shows the not-found page). The web app's
 * admin routes (web/src/admin/AdminApp.tsx) are these; a test holds the two together.
 */
export const ADMIN_PAGE_PATHS = [
  'login',
  'dashboard',
  'businesses',
  'upload',
  'jobs',
  'settings',
  'advertisements',
  'reports',
  'contact-messages',
  'search',
  'categories',
] as const;

/** Whether an address (path only) is a page of the back office: /admin, /admin/{page}, a trailing slash allowed; /admin-legacy… redirects there. */
export function isAdminPage(path: string): boolean {
  if (/^\/admin-legacy(\/|$)/.test(path)) return true;
  const match = /^\/admin(?:\/([^/]*))?\/?$/.exec(path);
  if (!match) return false;
  const page = match[1] ?? '';
  return page === '' || (ADMIN_PAGE_PATHS as readonly string[]).includes(page);
}
