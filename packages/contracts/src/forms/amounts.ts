import { z } from '../zod-config.ts';
import type { FormType } from '../enums.ts';
import { formMessages } from './messages.ts';

// Where each of the spec's six bounds applies (docs/decisions/0003-loan-amount-bounds.md).
export const loanBounds: Record<FormType, { value: { min: number; max: number }; installment: { min: number; max: number } }> = {
  CONSUMER_LOAN: { value: { min: 50_000, max: 5_000_000 }, installment: { min: 1_000, max: 50_000 } },
  INVESTMENT_LOAN: { value: { min: 50_000, max: 50_000_000 }, installment: { min: 1_000, max: 250_000 } },
};

const boundMessages: Record<number, string> = {
  50_000: formMessages.min50k,
  1_000: formMessages.min1k,
};
const maxMessages: Record<number, string> = {
  5_000_000: formMessages.max5m,
  50_000_000: formMessages.max50m,
  50_000: formMessages.max50k,
  250_000: formMessages.max250k,
};

/**
 * An amount in whole crowns. Accepts a number or a numeric string as typed ("50 000" too):
 * 'Zadejte číselnou hodnotu' for text, 'Uveďte celou číslenou hodnotu v Kč' for decimals.
 */
export function crowns(bounds: { min: number; max: number }) {
  return z
    .union([z.number(), z.string()], { error: formMessages.required })
    .transform((raw, ctx) => {
      const text = typeof raw === 'number' ? String(raw) : raw.replace(/[\s\u00a0]/g, '').replace(/Kč$/i, '');
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: formMessages.required });
        return z.NEVER;
      }
      const normalised = text.replace(',', '.');
      if (!/^-?\d+(\.\d+)?$/.test(normalised) || !Number.isFinite(Number(normalised))) {
        ctx.addIssue({ code: 'custom', message: formMessages.numeric });
        return z.NEVER;
      }
      const value = Number(normalised);
      if (!Number.isInteger(value)) {
        ctx.addIssue({ code: 'custom', message: formMessages.wholeCrowns });
        return z.NEVER;
      }
      if (value < bounds.min) {
        ctx.addIssue({ code: 'custom', message: boundMessages[bounds.min] ?? `Minimální hodnota je ${bounds.min} Kč` });
        return z.NEVER;
      }
      if (value > bounds.max) {
        ctx.addIssue({ code: 'custom', message: maxMessages[bounds.max] ?? `Maximální hodnota je ${bounds.max} Kč` });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * value, installment_value (and purpose for business loans) of the loan-amount step. One schema
 * per type, made on first use: zod compiles a schema's parser when it first parses, so a schema
 * made per call (a partner push validates its loan with it) paid that every time.
 */
export function loanSchema(type: FormType) {
  let schema = loanSchemas.get(type);
  if (!schema) {
    schema = makeLoanSchema(type);
    loanSchemas.set(type, schema);
  }
  return schema;
}
const loanSchemas = new Map<FormType, ReturnType<typeof makeLoanSchema>>();

function makeLoanSchema(type: FormType) {
  const bounds = loanBounds[type];
  return z
    .object({
      value: crowns(bounds.value),
      installment_value: crowns(bounds.installment),
      purpose:
        type === 'INVESTMENT_LOAN'
          ? z.string({ error: formMessages.purposeRequired }).trim().min(1, formMessages.purposeRequired).max(500)
          : z.string().trim().max(500).optional(),
    })
    .superRefine((loan, ctx) => {
      if (loan.installment_value >= loan.value) {
        ctx.addIssue({ code: 'custom', path: ['installment_value'], message: formMessages.installmentBelowLoan });
      }
    });
}
export type Loan = z.infer<ReturnType<typeof loanSchema>>;

/** Defaults of a new form (backoffice.md §3, portal.md §9). */
export const loanDefaults = { value: 50_000, installment_value: 1_000, purpose: '' } as const;
