import { pluralCs } from '@lending/ui';

// The portal's own wording and input parsing; money, numbers and plurals are @lending/ui's.

/** What the applicant typed into an amount input, as a number when it is one (spaces and "Kč" allowed). */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/Kč$/i, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : undefined;
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
