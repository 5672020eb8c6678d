/**
 * Public spec §7 request behaviour: cookies always sent, JSON bodies, and a non-OK answer fails with
 * "status: body" (or the status text when the body is empty). Plain functions, usable in Node too.
 */
export async function request<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return (await response.json()) as T;
}

export const fetcher = <T>(url: string) => request<T>(url);
