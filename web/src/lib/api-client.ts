// The one HTTP client of the web app (SPEC §7 "General behaviour", §8).
// Every call is same-origin and cookie-authenticated, so every request carries
// credentials; a JSON body and its content type are sent only with a payload.

import type { QueryFunction, QueryKey } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a query does when the server answers 401. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A non-OK response. The message is exactly `${status}: ${bodyText || statusText}`
 * (SPEC §8); the parts are kept for callers that need them.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.bodyText = bodyText;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text();
  throw new ApiError(res.status, res.statusText, bodyText);
}

/**
 * Sends one request and returns the OK response (the caller reads the body).
 * `data` becomes a JSON body with `Content-Type: application/json`; a FormData
 * payload (image upload) is sent as multipart, letting the browser set the
 * boundary. Without `data` no body and no content type are sent.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const request: RequestInit = { method, credentials: 'include' };
  if (init.signal) request.signal = init.signal;
  if (data instanceof FormData) {
    request.body = data;
  } else if (data !== undefined) {
    request.headers = { 'Content-Type': 'application/json' };
    request.body = JSON.stringify(data);
  }
  const res = await fetch(url, request);
  await throwIfResNotOk(res);
  return res;
}

/**
 * The request path of a query key: its segments joined with '/'
 * (['/api/blog-posts', slug] → '/api/blog-posts/{slug}'). A plain object as the
 * last segment becomes the query string (['/api/blog-posts', { limit: 3 }] →
 * '/api/blog-posts?limit=3'), so keys stay hierarchical for invalidation.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const segments: string[] = [];
  let search = '';
  queryKey.forEach((segment, index) => {
    if (typeof segment === 'string' || typeof segment === 'number') {
      segments.push(String(segment));
      return;
    }
    if (isPlainObject(segment) && index === queryKey.length - 1) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(segment)) {
        if (value !== undefined && value !== null) params.append(name, String(value));
      }
      const query = params.toString();
      search = query ? `?${query}` : '';
      return;
    }
    throw new TypeError(`query key segment ${index} cannot be part of a path: ${JSON.stringify(segment)}`);
  });
  return segments.join('/') + search;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * A query function that GETs the path of its query key and parses JSON.
 * With `on401: 'returnNull'` a 401 resolves to null (the current-user lookup);
 * with 'throw' it is an error like any other non-OK response.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToPath(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** GET `url` and parse its JSON body; non-OK responses throw an ApiError. */
export async function apiGet<T>(url: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const res = await apiRequest('GET', url, undefined, init);
  return (await res.json()) as T;
}

const STATUS_PREFIX = /^\d{3}: ([\s\S]*)$/;

/**
 * The text to show a person for a failed call (toast descriptions). The
 * server's error body is JSON `{message, code, details}`: its `message` wins;
 * otherwise the raw body or status text is returned without the status prefix.
 * Other errors (network failures) give their own message.
 */
export function errorMessage(err: unknown): string {
  if (!(err instanceof Error)) return typeof err === 'string' ? err : String(err);
  const match = STATUS_PREFIX.exec(err.message);
  const text = match?.[1] ?? err.message;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPlainObject(parsed) && typeof parsed.message === 'string' && parsed.message !== '') {
      return parsed.message;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return text;
}
