import { isReadMethod } from '../http/read-method.js';

/*
 * Bull Board 9.10.1 has no option that turns off adding jobs or editing their data but keeps retries
 * (readOnlyMode refuses retries too), so its write calls pass this list first: deny by default, and only
 * the calls that watch over existing jobs get through. A route a later board version adds is refused until
 * it is listed here.
 */

const QUEUE = '[^/]+';
const JOB = '[^/]+';
const STATUS = '[a-z-]+';

/** The board's write calls that may run (paths under the board's mount point), each with what it does. */
export const BOARD_WRITES_ALLOWED: { method: string; path: RegExp; what: string }[] = [
  { method: 'PUT', path: /^\/api\/queues\/(pause|resume)$/, what: 'pause or resume every queue' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/(pause|resume)$`), what: 'pause or resume a queue' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/retry/${STATUS}$`), what: 'retry every failed job' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/clean/${STATUS}$`), what: 'clean the jobs of a state' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/promote$`), what: 'promote every delayed job' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/${JOB}/retry$`), what: 'retry a job' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/${JOB}/promote$`), what: 'promote a delayed job' },
  { method: 'PUT', path: new RegExp(`^/api/queues/${QUEUE}/${JOB}/clean$`), what: 'remove a job' },
];

/** True when the board may answer this call: any read, or a write of BOARD_WRITES_ALLOWED. */
export const boardCallAllowed = (method: string, path: string) =>
  isReadMethod(method) || BOARD_WRITES_ALLOWED.some((rule) => rule.method === method && rule.path.test(path));

/** The answer (403) to a write call the list does not hold. */
export const BOARD_WRITE_REFUSED =
  'The queue dashboard is for watching jobs and retrying, promoting, cleaning, pausing or removing them; ' +
  'adding jobs, editing their data and other changes are turned off. Import files through the admin upload.';
