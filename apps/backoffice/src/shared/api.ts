import { clearTokens, getTokens, setTokens } from './session';

/** Any non-2xx answer. `body` is the parsed JSON body (DRF-style errors) when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`API answered ${status}`);
    this.status = status;
    this.body = body;
    this.name = 'ApiError';
  }

  /** DRF-style validation errors: `{field: [messages]}`; empty for other shapes. */
  get fieldErrors(): Record<string, string[]> {
    if (!this.body || typeof this.body !== 'object' || Array.isArray(this.body)) return {};
    const result: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(this.body)) {
      if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
      else if (typeof messages === 'string') result[field] = [messages];
    }
    return result;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** Send the staff JWT and refresh it on 401. Off only for the token endpoints themselves. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Answer a file (blob and its name) instead of parsed JSON. */
  binary?: boolean;
}

export const AUTH_PATHS = {
  token: '/api/v1/auth/token/',
  refresh: '/api/v1/auth/token/refresh/',
  me: '/api/v1/auth/me/',
  logout: '/api/v1/auth/logout/',
} as const;

/** A file the API streamed, with the name its Content-Disposition gave (if any). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions, access?: string): Promise<T> {
  const headers = new Headers({ Accept: options.binary ? '*/*' : 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (access) headers.set('Authorization', `Bearer ${access}`);

  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (options.binary && response.ok) {
    const file: DownloadedFile = {
      blob: await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    };
    return file as T;
  }
  const text = await response.text();
  const body: unknown = text ? parseJson(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` wins (it
 * carries Czech diacritics), then the plain `filename="…"`.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed percent-encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return name || null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Parallel requests that all hit an expired access token share one refresh call.
let refreshInFlight: Promise<string | null> | null = null;

function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= (async () => {
    const tokens = getTokens();
    if (!tokens) return null;
    try {
      const renewed = await send<{ access: string; refresh?: string }>(
        'POST',
        AUTH_PATHS.refresh,
        { body: { refresh: tokens.refresh } },
      );
      // A server that rotates refresh tokens sends a new one; otherwise keep ours.
      setTokens({ access: renewed.access, refresh: renewed.refresh ?? tokens.refresh });
      return renewed.access;
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/**
 * The one way the back-office talks to the API. With `auth` (the default) it sends the
 * access token; on 401 it refreshes the token once and retries, and if that fails it
 * ends the session, which sends the user to the login page.
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  if (!auth) return send<T>(method, path, options);

  const access = getTokens()?.access;
  try {
    return await send<T>(method, path, options, access);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !access) throw error;
  }

  const renewedAccess = await refreshAccessToken();
  if (!renewedAccess) {
    clearTokens('expired');
    throw new ApiError(401, { detail: 'Přihlášení vypršelo.' });
  }
  try {
    return await send<T>(method, path, options, renewedAccess);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearTokens('expired');
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  /** GET (or POST, for downloads the API takes a body for) a file with the staff token. */
  download: (path: string, options: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}) =>
    request<DownloadedFile>(options.method ?? 'GET', path, { body: options.body, signal: options.signal, binary: true }),
};

/** SWR fetcher: keys are API paths. */
export const swrFetcher = <T>(path: string): Promise<T> => api.get<T>(path);
