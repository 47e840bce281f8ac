import type { FormType } from '@lending/contracts';

export type { FormType };

// Only the type comes from contracts: importing its runtime would pull zod into the first load.
export const FORM_TYPE = {
  INVESTMENT_LOAN: 'INVESTMENT_LOAN',
  CONSUMER_LOAN: 'CONSUMER_LOAN',
} as const satisfies { [K in FormType]: K };

export const formTypeLabels: Record<FormType, string> = {
  INVESTMENT_LOAN: 'Podnikatelský úvěr',
  CONSUMER_LOAN: 'Spotřebitelská půjčka',
};

export function parseFormType(value: string | null): FormType | undefined {
  return value === FORM_TYPE.INVESTMENT_LOAN || value === FORM_TYPE.CONSUMER_LOAN ? value : undefined;
}
