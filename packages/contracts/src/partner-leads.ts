import { z } from './zod-config.ts';
import { isoDateTimeInput } from './dates.ts';
import { FormType } from './enums.ts';
import { loanSchema } from './forms/amounts.ts';
import { formMessages } from './forms/messages.ts';
import { birthNumberField, companyIdField, emailField, identityCardField, phoneField } from './forms/person.ts';

// The partner lead schema (backoffice.md shows no payloads; docs/decisions/0007). One shape for
// every partner; `/contact/` variants carry the contact only.

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const partnerAddress = z.object({
  whole_address: z.string().trim().min(1, formMessages.required).max(300),
  street: z.string().trim().max(120).optional(),
  number: z.string().trim().max(20).optional(),
  city: z.string().trim().max(120).optional(),
  zip: z.string().trim().max(10).optional(),
});

const consent = z.object({
  given: z.literal(true, 'Bez souhlasu žadatele nelze lead přijmout.'),
  at: isoDateTimeInput('Zadejte čas souhlasu ve formátu ISO 8601.'),
  text: z.string().max(2000).optional(),
});

const contactPerson = z
  .object({
    first_name: z.string().trim().min(1, formMessages.required).max(100),
    last_name: z.string().trim().min(1, formMessages.required).max(100),
    email: optional(emailField),
    phone: optional(phoneField),
  })
  .refine((p) => p.email || p.phone, { message: 'Uveďte e-mail nebo telefon.', path: ['email'] });

export const partnerContactRequest = z.object({
  external_id: z.string().trim().min(1, formMessages.required).max(100),
  person: contactPerson,
  consent,
  note: z.string().max(2000).optional(),
});
export type PartnerContactRequest = z.infer<typeof partnerContactRequest>;

export const partnerLeadRequest = partnerContactRequest
  .extend({
    person: contactPerson.and(
      z.object({
        birth_number: optional(birthNumberField),
        identity_card: optional(identityCardField),
        company_id: optional(companyIdField),
        permanent_address: partnerAddress.optional(),
      }),
    ),
    loan: z.object({ type: FormType.schema }).passthrough(),
  })
  .transform((body, ctx) => {
    const loan = loanSchema(body.loan.type).safeParse(body.loan);
    if (!loan.success) {
      for (const issue of loan.error.issues) ctx.addIssue({ code: 'custom', path: ['loan', ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { ...body, loan: { type: body.loan.type, ...loan.data } };
  });
export type PartnerLeadRequest = z.infer<typeof partnerLeadRequest>;

export const partnerLeadResponse = z.object({
  id: z.number().int(),
  external_id: z.string(),
  source: z.string(),
  state: z.string(),
  person_id: z.number().int().nullable(),
  created: z.boolean(),
});
