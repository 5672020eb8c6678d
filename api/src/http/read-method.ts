const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request method only reads (GET, HEAD, OPTIONS): the others write, and are checked as writes. */
export function isReadMethod(method: string): boolean {
  return READ_METHODS.has(method);
}
