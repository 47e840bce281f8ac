export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * An API path with its query string. Empty values are left out, arrays become the comma
 * lists the API takes (`state=NEW,CLOSED`); keys keep their order so SWR keys stay stable.
 */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
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
  return search ? `${path}?${search}` : path;
}

/** `"NEW,CLOSED"` → `['NEW', 'CLOSED']`; an empty value → `[]`. */
export function splitList(value: string | null | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}
