import { z } from '../zod-config.ts';
import { FormState, FormType, RealtyType } from '../enums.ts';
import { loanSchema } from './amounts.ts';
import { money, moneyInput } from '../money.ts';
import { formMessages } from './messages.ts';
import { contactSchema, personInfoSchema, realtyAddressField } from './person.ts';

export const formTypeField = FormType.schema;

export const utmQuery = z.object({
  utm_campaign: z.string().trim().max(200).optional(),
  utm_medium: z.string().trim().max(200).optional(),
  utm_source: z.string().trim().max(200).optional(),
});

/**
 * POST /forms/: the loan-amount step (value, installment, purpose for business loans), with
 * the applicant's contact when the portal already has it. Validated per type.
 */
export const createFormRequest = z
  .object({ type: formTypeField })
  .passthrough()
  .transform((body, ctx) => {
    const loan = loanSchema(body.type).safeParse(body);
    const hasContact = ['first_name', 'last_name', 'email', 'phone'].some((k) => body[k] !== undefined && body[k] !== '');
    const contact = hasContact ? contactSchema.safeParse(body) : null;
    for (const issue of [...(loan.success ? [] : loan.error.issues), ...(contact && !contact.success ? contact.error.issues : [])]) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (!loan.success || (contact && !contact.success)) return z.NEVER;
    return { type: body.type, loan: loan.data, contact: contact?.success ? contact.data : null };
  });
export type CreateFormRequest = z.infer<typeof createFormRequest>;

export const SubmitStep = ['BASIC_DEAL_INFO', 'PERSON_INFO', 'BANKING_INFO', 'COLLATERAL_INFO', 'DOCUMENTS'] as const;
export type SubmitStep = (typeof SubmitStep)[number];

export const collateralSchema = z
  .object({
    have_realty: z.enum(['yes', 'no'], { error: formMessages.required }),
    realty_address: z.unknown().optional(),
    realty_type: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    if (body.have_realty === 'no') return { have_realty: 'no' as const, realty_address: null, realty_type: null };
    const address = realtyAddressField.safeParse(body.realty_address);
    const type = RealtyType.schema.safeParse(body.realty_type);
    if (!address.success) ctx.addIssue({ code: 'custom', path: ['realty_address'], message: address.error.issues[0]!.message });
    if (!type.success) ctx.addIssue({ code: 'custom', path: ['realty_type'], message: formMessages.required });
    if (!address.success || !type.success) return z.NEVER;
    return { have_realty: 'yes' as const, realty_address: address.data, realty_type: type.data };
  });

/** POST /forms/{token}/submit/: `{step, data}`; data is validated by the server per step and form type. */
export const submitFormRequest = z.object({
  step: z.enum(SubmitStep, { error: `Neznámý krok formuláře. Povolené hodnoty: ${SubmitStep.join(', ')}.` }),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type SubmitFormRequest = z.infer<typeof submitFormRequest>;

export { personInfoSchema };

export const EvaluationTarget = ['BANK_STATEMENTS'] as const;

const claimGroup = z.object({
  order: z.coerce.number().int().min(1),
  count: z.coerce.number().int().min(1).max(600),
  amount: moneyInput({ min: 'positive' }),
});

/** The irregular offer's groups, `claim_group_1..n`, in order. */
export const irregularOfferGroups = z
  .record(z.string(), z.unknown())
  .transform((body, ctx) => {
    const groups: z.infer<typeof claimGroup>[] = [];
    for (let i = 1; `claim_group_${i}` in body; i++) {
      const parsed = claimGroup.safeParse(body[`claim_group_${i}`]);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [`claim_group_${i}`, ...issue.path], message: issue.message });
        return z.NEVER;
      }
      groups.push(parsed.data);
    }
    if (groups.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['claim_group_1'], message: formMessages.required });
      return z.NEVER;
    }
    return groups;
  });

/** POST /forms/{token}/question/ and /forms/question/ (token in the body). */
export const questionRequest = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('EVALUATE_REQUISITION_STATUS'), evaluation_target: z.enum(EvaluationTarget, { error: formMessages.required }) }),
    z.object({ type: z.literal('SAVE_APPLICATION_OFFER'), value: moneyInput({ min: 'positive' }), installment_value: moneyInput({ min: 'positive' }) }),
    z.object({ type: z.literal('SAVE_IRREGULAR_PAYMENT_OFFER') }).passthrough(),
    z.object({ type: z.literal('CREATE_DEBTORS') }).passthrough(),
  ],
  { error: 'Neznámý typ otázky. Povolené hodnoty: EVALUATE_REQUISITION_STATUS, SAVE_APPLICATION_OFFER, SAVE_IRREGULAR_PAYMENT_OFFER, CREATE_DEBTORS.' },
);
export type QuestionRequest = z.infer<typeof questionRequest>;

/**
 * POST /forms/question/: the question with the form's token in the body. Not passthrough: the
 * union coerces value and installment_value, and an intersection of the raw and the coerced
 * value is unmergeable (zod throws, which was a 500).
 */
export const questionWithTokenRequest = z
  .object({ token: z.string({ error: 'Token is required for getting form' }).min(1, 'Token is required for getting form').max(200) })
  .and(questionRequest);

/** Query of GET /forms/{token}/: `raw_data=true` (or 1) adds the unmasked data; exactly these four values, as the portal sends them. */
export const formQuery = z.object({ raw_data: z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1') });
export type FormQuery = z.output<typeof formQuery>;

const address = z.object({
  whole_address: z.string(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  district: z.string().nullable(),
  region: z.string().nullable(),
});

export const offerDraft = z.object({
  id: z.number().int(),
  kind: z.enum(['REGULAR', 'IRREGULAR']),
  value: money.nullable(),
  installment_value: money.nullable(),
  claim_groups: z.array(z.object({ order: z.number(), count: z.number(), amount: money })),
});

export const coDebtorView = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  permanent_address: address.nullable(),
  company_id: z.string().nullable(),
});

/** The form as the portal sees it. Birth number and ID card come masked unless raw_data=true. */
export const formResponse = z.object({
  token: z.string(),
  type: formTypeField,
  state: FormState.schema.nullable(),
  data: z.record(z.string(), z.unknown()),
  config: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  utm_source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_medium: z.string().nullable(),
  is_offer_applied: z.boolean(),
  offer_drafts: z.array(offerDraft),
  /** The offer the applicant accepted (the portal says so instead of offering it again). */
  applied_offer: offerDraft.extend({ applied_at: z.iso.datetime() }).nullable(),
  /** The applicant's reference number: the number staff know the application by (its lead). */
  reference: z.number().int().nullable(),
  co_debtors: z.array(coDebtorView),
});
export type FormResponse = z.infer<typeof formResponse>;
