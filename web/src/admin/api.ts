/**
 * Admin requests. The spec's `adminAuth` flag (admin spec §4) only decides what renders; the server decides
 * who is signed in: any 401 from an admin call clears the flag and sends the admin to the sign-in page.
 */
export const AUTH_KEY = 'adminAuth';

export function isFlaggedSignedIn(): boolean {
  try {
    return localStorage.getItem(AUTH_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setSignedInFlag(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(AUTH_KEY, 'true');
    else localStorage.removeItem(AUTH_KEY);
  } catch {
    // Storage may be unavailable (private mode); the server session still decides.
  }
}

/** A non-OK answer: `message` is "status: body" (admin spec §8); `serverMessage` is the api's sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** Seconds the server asks to wait before trying again (its Retry-After header), when it sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The sentence(s) the api sent ({message} as text or list), else the whole body or status line. */
  get serverMessage(): string {
    return serverMessageOf(this.body) ?? this.message;
  }
}

export function serverMessageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
    if (Array.isArray(parsed.message)) return parsed.message.map(String).join(' ');
  } catch {
    // not JSON
  }
  return body.trim() || null;
}

/** A message for a person from any error (network failures included). */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}

let onUnauthorized: () => void = () => {
  window.location.assign('/admin/login');
};

/** The admin app registers how to go to the sign-in page (a router navigation). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function signedOutByServer(): void {
  setSignedInFlag(false);
  onUnauthorized();
}

async function check(response: Response, { redirectOn401 = true } = {}): Promise<Response> {
  if (response.ok) return response;
  const body = await response.text();
  if (response.status === 401 && redirectOn401) signedOutByServer();
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  throw new ApiError(response.status, body, response.statusText, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

export interface AdminRequestInit {
  method?: string;
  body?: unknown;
  /** A 401 is an answer here (sign-in), not a lost session. */
  redirectOn401?: boolean;
}

/** Cookies always sent; JSON bodies; a non-OK answer throws ApiError; a 401 ends the admin's client session. */
export async function adminRequest<T>(url: string, init: AdminRequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  await check(response, init);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const adminFetcher = <T>(url: string) => adminRequest<T>(url);

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart POST with upload progress (fetch has none): resolves with the status and JSON answer, throws
 * ApiError for a non-OK answer and a TypeError when the server cannot be reached.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.total });
    xhr.onerror = () => reject(new TypeError('Unable to connect to server. Please try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as T });
        } catch {
          reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        }
        return;
      }
      if (xhr.status === 401) signedOutByServer();
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
