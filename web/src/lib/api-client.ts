import type { QueryFunction } from '@tanstack/react-query';
import { errorBodyMessage } from '@shared/error-body';

/**
 * The one way the web app (and the desktop console) talks to the API.
 * A non-2xx answer becomes an ApiError whose message is
 * "<status>: <body text>" (spec §7/§8).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
  }

  /** The `message` of the API's JSON error body, when there is one. */
  get serverMessage(): string | null {
    return errorBodyMessage(this.bodyText);
  }
}

interface ApiClientOptions {
  /** Prefix for every path; '' means the page's own origin. */
  baseUrl: string;
  /** Extra headers per request. */
  headers?: () => Record<string, string>;
  /**
   * Whether requests carry cookies: 'include' on the web; the desktop console
   * uses 'omit' (its main process adds a bearer token instead, decision 050).
   */
  credentials?: RequestCredentials;
}

let options: ApiClientOptions = { baseUrl: '' };

/** The desktop console points the client at its server; the web app never calls this. */
export function configureApiClient(next: ApiClientOptions): void {
  options = next;
}

function apiUrl(path: string): string {
  return `${options.baseUrl}${path}`;
}

/**
 * A file the server serves (a product image, say) as the page can load it:
 * the path itself on the web, the server's address and the path in the
 * desktop console (whose page is not on the server). Anything but a path
 * (a full or blob: URL) is returned as it is.
 */
export function serverFileUrl(pathOrUrl: string): string {
  return pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//') ? apiUrl(pathOrUrl) : pathOrUrl;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new ApiError(res.status, text);
  }
}

interface RequestOptions {
  /** Headers for this request only (e.g. the admin token), over the client-wide ones. */
  headers?: Record<string, string>;
}

/**
 * The one fetch to the API: the client's base URL, headers and credentials. A body is sent as JSON, except a
 * file (Blob), which is sent as it is with its own Content-Type, and a FormData, sent as multipart/form-data.
 */
function send(method: string, path: string, body?: unknown, init: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.(), ...init.headers };
  const file = body instanceof Blob ? body : null;
  // A form (files and fields) sets its own multipart Content-Type, with its boundary.
  const form = body instanceof FormData ? body : null;
  if (body !== undefined && !form) headers['Content-Type'] = file ? file.type : 'application/json';
  return fetch(apiUrl(path), {
    method,
    headers,
    body: body === undefined ? undefined : (file ?? form ?? JSON.stringify(body)),
    credentials: options.credentials ?? 'include',
  });
}

/** Sends a request with cookies; JSON body only when there is one. Throws ApiError on non-2xx. */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  init: RequestOptions = {},
): Promise<Response> {
  const res = await send(method, path, body, init);
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, path: string, body?: unknown, init?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, path, body, init);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * Sends a file as the request body itself, with the file's own Content-Type
 * (the API's one non-JSON body: POST /api/admin/products/{id}/image). Throws ApiError on non-2xx.
 */
export function apiUpload<T>(path: string, file: Blob): Promise<T> {
  return apiJson<T>('POST', path, file);
}

/**
 * The default query: GET the URL made of the key's segments joined by "/".
 * With on401 'returnNull' a 401 resolves to null instead of failing.
 */
export function getQueryFn<T>(opts: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await send('GET', queryKey.join('/'));
    if (opts.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** What to show the user for a failed call: the server's message, else a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
