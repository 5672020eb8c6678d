/** Limits of the admin's own settings the api enforces and the screens check first. Browser-safe. */

/** Shortest password an admin may set (the api, the command line and the first admin alike). */
export const PASSWORD_MIN_LENGTH = 12;
/** Longest password the sign-in accepts: a longer one could be set but never used to sign in. */
export const PASSWORD_MAX_LENGTH = 1000;

/** Admin spec §5 states 50 KB per ad slot, counted in bytes of UTF-8. */
export const AD_SLOT_MAX_BYTES = 50 * 1024;
