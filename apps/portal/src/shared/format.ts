// The money rule the back-office shares (docs/decisions/0016): "120 000 Kč", "120 000,50 Kč".
export { formatCzk } from '@lending/contracts/format';

const numberFormatter = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 0 });

/** A whole number with Czech grouping, as shown in amount inputs ("50 000"). */
export function formatNumber(amount: number): string {
  return numberFormatter.format(amount);
}

/** What the applicant typed into an amount input, as a number when it is one (spaces and "Kč" allowed). */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/Kč$/i, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : undefined;
}

const czechPlural = new Intl.PluralRules('cs');

/**
 * Picks the Czech plural form (Intl.PluralRules 'cs'): 0 has its own form in the spec,
 * then one (1), few (2–4) and other (5 and more; "many" is for decimals).
 */
export function pluralCs(count: number, forms: { zero: string; one: string; few: string; many: string }): string {
  if (count === 0) return forms.zero;
  const rule = czechPlural.select(count);
  if (rule === 'one') return forms.one;
  if (rule === 'few') return forms.few;
  return forms.many;
}

/** The Documents counter (portal.md §2): "Zbývá nahrát 1 soubor / 2 soubory / 5 souborů". */
export function remainingFilesText(count: number): string {
  if (count <= 0) return 'Všechny potřebné soubory jsou nahrané';
  return `Zbývá nahrát ${count} ${pluralCs(count, { zero: 'souborů', one: 'soubor', few: 'soubory', many: 'souborů' })}`;
}

/** Personal numbers in the summary: one dot per character. */
export function maskAsDots(value: string): string {
  return value.replace(/[^\s/]/g, '•');
}
