/** The api's prefix in any capitals, as Nest's middleware matched it: /api, /api/…, /api?…, not /apiary. */
const API_ADDRESS = /^\/api(?:[/?]|$)/i;

/** Whether a request's URL is under the api's prefix (a route or not). */
export function isApiAddress(url: string): boolean {
  return API_ADDRESS.test(url);
}
