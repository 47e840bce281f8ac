/** Error raised for any non-2xx answer of the API; `body` is the parsed JSON if there was one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * The applicant portal has no login: the form token travels in the path or query,
 * so this client only speaks JSON and turns failures into ApiError.
 */
export async function fetchJson<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, { ...init, headers });
  const text = await response.text();
  const body: unknown = text ? safeParse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
