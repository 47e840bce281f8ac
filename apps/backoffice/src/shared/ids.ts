/** A path id: a positive integer; anything else is "not found" without asking the API. */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
