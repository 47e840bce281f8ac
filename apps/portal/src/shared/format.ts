const czkFormatter = new Intl.NumberFormat('cs-CZ', {
  style: 'currency',
  currency: 'CZK',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Czech style amount in whole crowns, e.g. "50 000 Kč" (with non-breaking spaces). */
export function formatCzk(amount: number): string {
  return czkFormatter.format(amount);
}

/**
 * Picks the Czech plural form. The spec distinguishes 0, 1, 2–4 and everything else
 * ("0 souborů", "1 soubor", "3 soubory", "5 souborů").
 */
export function pluralCs(count: number, forms: { zero: string; one: string; few: string; many: string }): string {
  if (count === 0) return forms.zero;
  if (count === 1) return forms.one;
  if (count >= 2 && count <= 4) return forms.few;
  return forms.many;
}
