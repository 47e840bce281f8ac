import { z } from '../zod-config.ts';
import { isValidBirthNumber } from '../birth-number.ts';
import { isValidCompanyId } from '../company-id.ts';
import { formMessages } from './messages.ts';
import { normalisePhone } from '../phone.ts';

export { formatPhone, normalisePhone } from '../phone.ts';

/** Czech identity card numbers: 9 digits (since 2000), or 6 digits and a 2-letter series before. */
export function isValidIdentityCard(value: string): boolean {
  return /^(\d{9}|\d{6}[A-Z]{2})$/.test(value.replace(/\s+/g, '').toUpperCase());
}

const requiredText = (max = 100) =>
  z.string({ error: formMessages.required }).trim().min(1, formMessages.required).max(max);

export const emailField = z
  .string({ error: formMessages.required })
  .trim()
  .min(1, formMessages.required)
  .pipe(z.email(formMessages.email).max(254, formMessages.email))
  .transform((v) => v.toLowerCase());

export const phoneField = z
  .string({ error: formMessages.required })
  .trim()
  .min(1, formMessages.required)
  .refine((v) => normalisePhone(v) !== null, formMessages.phone);

export const birthNumberField = z
  .string({ error: formMessages.required })
  .trim()
  .min(1, formMessages.required)
  .refine(isValidBirthNumber, formMessages.birthNumberInvalid)
  .transform((v) => v.replace(/[\s/]/g, ''));

export const identityCardField = z
  .string({ error: formMessages.required })
  .trim()
  .min(1, formMessages.required)
  .refine(isValidIdentityCard, formMessages.identityCardInvalid)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase());

export const companyIdField = z
  .string({ error: formMessages.required })
  .trim()
  .min(1, formMessages.required)
  .refine(isValidCompanyId, formMessages.companyIdInvalid)
  .transform((v) => v.replace(/\s+/g, ''));

/**
 * An address picked from the suggestions: the portal sends the suggestion's parts, which a
 * hand-typed text lacks. Empty → '… musí být vybrána.'; typed only → '… ze seznamu adres.'
 */
export function chosenAddress(messages: { missing: string; notChosen: string }) {
  return z.unknown().transform((raw, ctx) => {
    const value = raw as Record<string, unknown> | string | null | undefined;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const whole = typeof value === 'string' ? value.trim() : text(value?.whole_address);
    if (!whole) {
      ctx.addIssue({ code: 'custom', message: messages.missing });
      return z.NEVER;
    }
    if (typeof value !== 'object' || value === null || !text(value.city) || !/^\d{3} ?\d{2}$/.test(text(value.zip))) {
      ctx.addIssue({ code: 'custom', message: messages.notChosen });
      return z.NEVER;
    }
    return {
      whole_address: whole.slice(0, 300),
      street: text(value.street).slice(0, 120) || null,
      number: text(value.number).slice(0, 20) || null,
      city: text(value.city).slice(0, 120),
      zip: text(value.zip).replace(/^(\d{3}) ?(\d{2})$/, '$1 $2'),
      district: text(value.district).slice(0, 120) || null,
      region: text(value.region).slice(0, 120) || null,
    };
  });
}
export type ChosenAddress = { whole_address: string; street: string | null; number: string | null; city: string; zip: string; district: string | null; region: string | null };

export const permanentAddressField = chosenAddress({
  missing: formMessages.permanentAddressMissing,
  notChosen: formMessages.permanentAddressNotChosen,
});
export const realtyAddressField = chosenAddress({
  missing: formMessages.realtyAddressMissing,
  notChosen: formMessages.realtyAddressNotChosen,
});

/** Contact part of the person (first step). */
export const contactSchema = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  email: emailField,
  phone: phoneField,
});

/** The applicant's person data (PersonData screen); self_employed_id only for business loans. */
export function personInfoSchema(type: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN') {
  return contactSchema.extend({
    birth_number: birthNumberField,
    permanent_address: permanentAddressField,
    identity_card: identityCardField,
    self_employed_id: type === 'INVESTMENT_LOAN' ? companyIdField : z.undefined().optional(),
    consent: z.literal(true, formMessages.consent),
  });
}

/** A co-debtor (dialog of portal.md §2); company_id only for business loans, optional. */
export function coDebtorSchema(type: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN') {
  return contactSchema.extend({
    birth_number: birthNumberField,
    permanent_address: permanentAddressField,
    identity_card: identityCardField,
    company_id:
      type === 'INVESTMENT_LOAN'
        ? z.preprocess((v) => (v === '' || v === null ? undefined : v), companyIdField.optional())
        : z.preprocess((v) => (v === '' || v === null ? undefined : v), z.undefined({ error: 'IČO lze uvést jen u podnikatelského úvěru.' }).optional()),
  });
}
