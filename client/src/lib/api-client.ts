/**
 * The one way the client talks to the server: same-origin, cookies included, JSON in and out.
 * Failures are typed: `ApiError` when the server answered with a non-2xx status (carrying the
 * server's `code` and its `message`/`error` text), `NetworkError` when no answer arrived at all
 * (offline, connection refused, timed out). A caller's own abort is re-thrown untouched.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** A failed request in words for the screen: the server's message, or what kept it from us. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return `Network error: ${err instanceof Error ? err.message : String(err)}`;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present. */
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up with a NetworkError (timedOut) after this many milliseconds. */
  timeoutMs?: number;
  headers?: Record<string, string>;
};

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, timeoutMs, headers = {} } = options;
  const timeout = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: signal && timeout ? AbortSignal.any([signal, timeout]) : (signal ?? timeout),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    throw new NetworkError(
      timedOut ? 'The server did not answer in time.' : 'Could not reach the server.',
      timedOut,
    );
  }
  const data = await readBody(response);
  if (!response.ok) {
    const message =
      readString(data, 'message') ??
      readString(data, 'error') ??
      `Request failed with status ${response.status}.`;
    throw new ApiError(
      response.status,
      readString(data, 'code') ?? `HTTP_${response.status}`,
      message,
      data,
    );
  }
  return data as T;
}

/** `path` with `params` as its query string: `apiPath('/api/orders/statistics', { licenseNumber })`. */
export const apiPath = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
