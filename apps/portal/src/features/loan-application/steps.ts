export interface Step {
  path: string;
  label: string;
}

/** The applicant's steps in order; the stepper and later the route guard read this. */
export const steps: readonly Step[] = [
  { path: '/vyse-pujcky', label: 'Výše půjčky' },
  { path: '/osobni-udaje', label: 'Osobní údaje' },
  { path: '/zajisteni', label: 'Zajištění' },
  { path: '/dokumenty', label: 'Dokumenty' },
];
