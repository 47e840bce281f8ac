export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/**
 * An API path with its query string. Empty values are left out, arrays become the comma
 * lists the API takes (`state=NEW,CLOSED`); keys keep their order so SWR keys stay stable.
 */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
      continue;
    }
    params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** `"NEW,CLOSED"` → `['NEW', 'CLOSED']`; an empty value → `[]`. */
export function splitList(value: string | null | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

/**
 * A path template with its `{name}` parts filled in (`/leads/{id}/` → `/leads/12/`), each
 * value URL-encoded. A part without a value is an error of the caller, not a request to send.
 */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" of ${template}`);
    return encodeURIComponent(String(value));
  });
}
