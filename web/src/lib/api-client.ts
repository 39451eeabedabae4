// The one HTTP client of the web app (SPEC §7 "General behaviour", §8).
// Every call is same-origin and cookie-authenticated, so every request carries
// credentials; a JSON body and its content type are sent only with a payload.
// Every answer's body is read to its end before anyone looks at it (issue
// 29): OK or not, 401 included, whether or not the caller wants the body.

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

/** Statuses whose answers never carry a body (Fetch standard, "null body status"). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * The response with its body read to the end and held in memory: the same
 * status, status text, headers and body. The browser counts a request whose
 * body nobody reads as still loading (so the page never goes network-idle)
 * and cannot give its connection to the next request; the API's answers are
 * small JSON, so reading them whole costs nothing. The copy keeps no `url`
 * or `redirected` (no caller reads them).
 */
async function readWhole(res: Response): Promise<Response> {
  if (res.body === null) return res;
  const body = await res.arrayBuffer();
  const init = { status: res.status, statusText: res.statusText, headers: res.headers };
  return new Response(NULL_BODY_STATUS.has(res.status) ? null : body, init);
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text();
  throw new ApiError(res.status, res.statusText, bodyText);
}

/**
 * Sends one request and returns the OK response, its body already read
 * (readWhole): the caller may parse it or leave it. `data` becomes a JSON
 * body with `Content-Type: application/json`; a FormData payload (image
 * upload) is sent as multipart, letting the browser set the boundary.
 * Without `data` no body and no content type are sent. `headers` adds
 * request headers of the call's own (an idempotency key).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  const request: RequestInit = { method, credentials: 'include' };
  if (init.signal) request.signal = init.signal;
  const headers: Record<string, string> = { ...init.headers };
  if (data instanceof FormData) {
    request.body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    request.body = JSON.stringify(data);
  }
  if (Object.keys(headers).length > 0) request.headers = headers;
  const res = await readWhole(await fetch(url, request));
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
    const res = await readWhole(await fetch(queryKeyToPath(queryKey), { credentials: 'include', signal }));
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
