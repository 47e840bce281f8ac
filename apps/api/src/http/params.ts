import { MAX_RECORD_ID } from '@lending/contracts';

// The one parser of record ids in paths (docs/decisions/0040): a parameter named `id` or
// `<thing>Id` is a positive 32-bit integer written in plain digits. `0x10`, `1e3`, ` 7 `, `007`,
// `+7` and `7.0` are not ids: the route answers 404 as for an id that does not exist, on every
// route alike (after authentication, before the body is validated).

const DIGITS = /^[1-9][0-9]{0,9}$/;
const ID_PARAM = /^(?:id|[a-z][A-Za-z]*Id)$/;

/** A path segment as a record id, or null when it is not one. */
export function parseRecordId(segment: string): number | null {
  if (!DIGITS.test(segment)) return null;
  const id = Number(segment);
  return id <= MAX_RECORD_ID ? id : null;
}

/** The names of a route path's id parameters (`/deals/:dealId/claims/:id/` → dealId, id). */
export function idParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!).filter((name) => ID_PARAM.test(name));
}

/** The route's id parameters parsed, or null when one of them is not an id (→ 404). */
export function pathParams(path: string, raw: Record<string, string>): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const name of idParamNames(path)) {
    const id = parseRecordId(raw[name] ?? '');
    if (id === null) return null;
    out[name] = id;
  }
  return out;
}
