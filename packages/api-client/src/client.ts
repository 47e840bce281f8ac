import type { BodyOf, Method, ParamsOf, PathOf, ResponseOf } from '@lending/contracts/endpoints';
import { ApiError, fileNameFromDisposition, parseRetryAfter } from './errors.ts';
import { fillPath, withQuery, type Query } from './query.ts';

// Types only from the contracts: the client runs in the portal's first load, where zod must
// not come (ADR 0029). Answers are checked against the schemas in tests (contract-check.ts).

/** A file the API streamed, with the name its Content-Disposition gave (if any). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
  /**
   * A 202 with JSON instead of the file (a four-eyes action, ADR 0045: the approval request made
   * instead of acting); `blob` is then empty.
   */
  accepted?: unknown;
}

/** The staff session: the client sends its token and renews it once on a 401. */
export interface SessionAuth {
  /** The access token to send, null when signed out. */
  token(): string | null;
  /** Asks for a new access token; null when the session cannot go on (the refresh was refused). */
  refresh(): Promise<string | null>;
  /** The session is over: the refresh failed, or the renewed token was refused too. */
  onExpired(): void;
}

export interface ApiClientOptions {
  auth?: SessionAuth;
  /** Every failure, once, before it is thrown: where an app tells the user (toasts). */
  onError?: (error: ApiError) => void;
}

interface CallOptions {
  query?: Query;
  signal?: AbortSignal;
  /** False: no token and no refresh (the token endpoints themselves). */
  auth?: boolean;
}
type HasParams<P extends string> = P extends `${string}{${string}}${string}` ? true : false;
/** Options of a call to a template: `params` are required where the path has `{name}` parts. */
export type OptionsFor<P extends string> = CallOptions & (HasParams<P> extends true ? { params: ParamsOf<P> } : { params?: undefined });
type OptionsArg<P extends string> = HasParams<P> extends true ? [options: OptionsFor<P>] : [options?: OptionsFor<P>];
/** A concrete path, not a template: `{…}` parts are for the typed form with `params`. */
type Concrete<S extends string> = S extends `${string}{${string}` ? never : unknown;

/** How much of a download has arrived: bytes, and line feeds among them (the rows of a CSV). */
export interface DownloadProgress {
  bytes: number;
  lines: number;
}

export interface DownloadOptions extends CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  params?: Record<string, string | number>;
  /** Called as the body arrives (read as a stream): long exports show their progress. */
  onDownloadProgress?: (progress: DownloadProgress) => void;
}

export interface UploadOptions extends CallOptions {
  params?: Record<string, string | number>;
  /** Called with 0…1 as the file goes out. */
  onProgress?: (fraction: number) => void;
}

export interface ApiClient {
  get<P extends PathOf<'GET'>>(path: P, ...options: OptionsArg<P>): Promise<ResponseOf<'GET', P>>;
  get<T = unknown, S extends string = string>(path: S & Concrete<S>, options?: CallOptions): Promise<T>;
  post<P extends PathOf<'POST'>>(path: P, body: BodyOf<'POST', P>, ...options: OptionsArg<P>): Promise<ResponseOf<'POST', P>>;
  post<T = unknown, S extends string = string>(path: S & Concrete<S>, body?: unknown, options?: CallOptions): Promise<T>;
  put<P extends PathOf<'PUT'>>(path: P, body: BodyOf<'PUT', P>, ...options: OptionsArg<P>): Promise<ResponseOf<'PUT', P>>;
  put<T = unknown, S extends string = string>(path: S & Concrete<S>, body?: unknown, options?: CallOptions): Promise<T>;
  patch<P extends PathOf<'PATCH'>>(path: P, body: BodyOf<'PATCH', P>, ...options: OptionsArg<P>): Promise<ResponseOf<'PATCH', P>>;
  patch<T = unknown, S extends string = string>(path: S & Concrete<S>, body?: unknown, options?: CallOptions): Promise<T>;
  delete<P extends PathOf<'DELETE'>>(path: P, ...options: OptionsArg<P>): Promise<void>;
  delete<T = unknown, S extends string = string>(path: S & Concrete<S>, options?: CallOptions): Promise<T>;
  /** A file with the session's token (a plain link could not send it): GET, or POST with a body. */
  download(path: string, options?: DownloadOptions): Promise<DownloadedFile>;
  /** A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can). */
  upload<P extends PathOf<'POST'>>(path: P, form: FormData, options?: UploadOptions): Promise<ResponseOf<'POST', P>>;
  /** The URL of a call: SWR keys, links. */
  url(path: string, options?: { params?: Record<string, string | number>; query?: Query }): string;
}

/** Sees each successful JSON answer (tests check it against its contract); null: none. */
export type AnswerInspector = (method: Method, url: string, body: unknown) => void;
let inspector: AnswerInspector | null = null;
export function inspectAnswers(next: AnswerInspector | null): void {
  inspector = next;
}

interface Answer {
  status: number;
  header(name: string): string | null;
  text(): Promise<string>;
  blob(): Promise<Blob>;
  /** The body as a stream, where the transport has one (fetch). */
  stream(): ReadableStream<Uint8Array> | null;
}

interface Outgoing {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

async function viaFetch({ method, url, headers, body, signal }: Outgoing): Promise<Answer> {
  const response = await fetch(url, { method, headers, body, signal });
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    text: () => response.text(),
    blob: () => response.blob(),
    stream: () => response.body,
  };
}

function viaXhr({ method, url, headers, body, signal, onProgress }: Outgoing): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        header: (name) => xhr.getResponseHeader(name),
        text: async () => xhr.responseText,
        blob: async () => new Blob([xhr.responseText]),
        stream: () => null,
      });
    // No answer at all (network, aborted): status 0, as the caller's error handling expects an ApiError.
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new ApiError(0, undefined));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body ?? null);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface RequestOptions extends CallOptions {
  params?: Record<string, string | number>;
  body?: unknown;
  form?: FormData;
  onProgress?: (fraction: number) => void;
  onDownloadProgress?: (progress: DownloadProgress) => void;
  binary?: boolean;
}

/**
 * The body read chunk by chunk, telling `onProgress` as it goes, then kept as one Blob. A
 * connection lost midway is an ApiError of status 0 (no answer), as for a request that never arrived.
 */
async function readBody(answer: Answer, onProgress?: (progress: DownloadProgress) => void): Promise<Blob> {
  const stream = onProgress ? answer.stream() : null;
  if (!stream || !onProgress) return answer.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress = { bytes: 0, lines: 0 };
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      progress.bytes += value.length;
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) progress.lines++;
      onProgress({ ...progress });
    }
  } catch {
    throw new ApiError(0, undefined);
  }
  return new Blob(chunks, { type: answer.header('Content-Type') ?? '' });
}

export function createApiClient({ auth, onError }: ApiClientOptions = {}): ApiClient {
  const url = (path: string, { params, query }: { params?: Record<string, string | number>; query?: Query } = {}) =>
    withQuery(path.includes('{') ? fillPath(path, params) : path, query);

  async function send(method: Method, target: string, options: RequestOptions, token: string | null): Promise<unknown> {
    const headers: Record<string, string> = { Accept: options.binary ? '*/*' : 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const outgoing: Outgoing = {
      method,
      url: target,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      onProgress: options.onProgress,
    };
    const answer = await (options.form ? viaXhr(outgoing) : viaFetch(outgoing));
    const ok = answer.status >= 200 && answer.status < 300;
    if (options.binary && answer.status === 202 && (answer.header('Content-Type') ?? '').includes('application/json')) {
      const accepted: unknown = parseJson(await answer.text());
      inspector?.(method, target, accepted);
      return { blob: new Blob([]), fileName: null, accepted } satisfies DownloadedFile;
    }
    if (options.binary && ok) {
      const file: DownloadedFile = { blob: await readBody(answer, options.onDownloadProgress), fileName: fileNameFromDisposition(answer.header('Content-Disposition')) };
      return file;
    }
    const text = await answer.text();
    const body: unknown = text ? parseJson(text) : undefined;
    if (!ok) throw new ApiError(answer.status, body, parseRetryAfter(answer.header('Retry-After')));
    inspector?.(method, target, body);
    return body;
  }

  // Parallel requests that all hit an expired access token share one refresh.
  let refreshing: Promise<string | null> | null = null;
  const refreshOnce = (session: SessionAuth) =>
    (refreshing ??= session.refresh().finally(() => {
      refreshing = null;
    }));

  async function authorised(method: Method, target: string, options: RequestOptions): Promise<unknown> {
    const session = options.auth === false ? undefined : auth;
    const token = session?.token() ?? null;
    try {
      return await send(method, target, options, token);
    } catch (error) {
      if (!session || !token || !(error instanceof ApiError) || error.status !== 401) throw error;
    }
    const renewed = await refreshOnce(session);
    if (!renewed) {
      session.onExpired();
      throw new ApiError(401, { detail: 'Přihlášení vypršelo.' });
    }
    try {
      return await send(method, target, options, renewed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) session.onExpired();
      throw error;
    }
  }

  async function request(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
    try {
      return await authorised(method, url(path, options), options);
    } catch (error) {
      if (error instanceof ApiError) onError?.(error);
      throw error;
    }
  }

  const withBody =
    (method: Method) =>
    (path: string, body?: unknown, options: RequestOptions = {}) =>
      request(method, path, { ...options, body });

  // The overloads of ApiClient are the callers' types; at run time every form is the same call.
  return {
    get: (path: string, options?: RequestOptions) => request('GET', path, options),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
    download: (path, { method = 'GET', ...options } = {}) => request(method, path, { ...options, binary: true }) as Promise<DownloadedFile>,
    upload: (path: string, form: FormData, options: UploadOptions = {}) => request('POST', path, { ...options, form }),
    url,
  } as ApiClient;
}
