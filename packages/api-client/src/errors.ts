/** Any non-2xx answer of the API (status 0: no answer at all). `body` is the parsed JSON when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Seconds to wait, from Retry-After (429, 503), when the answer said. */
  readonly retryAfter: number | null;
  constructor(status: number, body: unknown, retryAfter: number | null = null) {
    super(`API answered ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
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

/** Retry-After in seconds: a number of seconds, or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - now) / 1000);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
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

/** One Czech sentence for any failure of an API call (staff screens: alerts, toasts, states). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return 'Nepodařilo se spojit se serverem. Zkontrolujte připojení a zkuste to znovu.';
  const detail = detailOf(error);
  switch (error.status) {
    case 400:
      return detail ?? 'Zkontrolujte prosím zadané údaje.';
    case 401:
      return 'Přihlášení vypršelo. Přihlaste se prosím znovu.';
    case 403:
      return 'K této akci nemáte oprávnění.';
    case 404:
      return detail ?? 'Záznam nebyl nalezen.';
    case 409:
      return detail ?? 'Akci nelze provést, záznam se mezitím změnil.';
    case 413:
      return 'Soubor je příliš velký.';
    case 429:
      return 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.';
    default:
      return error.status >= 500 ? 'Na serveru došlo k chybě. Zkuste to prosím znovu.' : (detail ?? 'Akce se nezdařila.');
  }
}

function detailOf(error: ApiError): string | undefined {
  const { detail, non_field_errors: nonField } = error.fieldErrors;
  const messages = [...(detail ?? []), ...(nonField ?? [])];
  return messages.length ? messages.join(' ') : undefined;
}

/** Field messages of a 400 answer (DRF shape); other failures have none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const { detail: _detail, non_field_errors: _nonField, ...fields } = error.fieldErrors;
  return fields;
}
