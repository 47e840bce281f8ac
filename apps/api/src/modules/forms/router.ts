import { createFormRequest, detailResponse, fieldErrorsResponse, formResponse, questionRequest, submitFormRequest, utmQuery, z } from '@lending/contracts';
import { publicLimits } from '../../http/rate-limit.ts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { answerQuestion } from './answer-question.ts';
import { createForm } from './create-form.ts';
import { getForm } from './get-form.ts';
import { previewForm } from './preview-form.ts';
import { submitForm } from './submit-form.ts';

const tags = ['forms'];
// Any token reaches findFormByToken, which answers every miss with the same 404.
const tokenParams = z.object({ token: z.string() });
const limits = [publicLimits.formsByIp, publicLimits.formsByToken];
const errors = {
  400: { description: 'Invalid data: Czech messages by field', schema: fieldErrorsResponse },
  404: { description: 'No form has this token', schema: detailResponse },
  409: { description: 'The step does not fit the form state, or the form is closed', schema: detailResponse },
  429: { description: 'Too many requests', schema: detailResponse },
};

export const formRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/',
    access: access.public,
    summary: 'Start an application: loan amount, installment, purpose (business), optionally the contact',
    tags,
    query: utmQuery,
    body: createFormRequest,
    rateLimits: [publicLimits.newForms],
    responses: { 201: { description: 'The new form with its token and state BASIC_DEAL_INFO', schema: formResponse }, 400: errors[400], 429: errors[429] },
    handler: async ({ deps, body, query, meta }) => new Reply(201, await createForm(deps, body, query, meta)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/question/',
    access: access.public,
    summary: 'Detail question with the form token in the body',
    tags,
    // Not passthrough: the union coerces value and installment_value, and an intersection of the raw and
    // the coerced value is unmergeable (zod throws, which was a 500).
    body: z.object({ token: z.string({ error: 'Token is required for getting form' }).min(1, 'Token is required for getting form').max(200) }).and(questionRequest),
    rateLimits: [publicLimits.formsByIp],
    responses: { 200: { description: 'Answer (see /forms/{token}/question/)' }, ...errors },
    handler: ({ deps, body, meta }) => answerQuestion(deps, body.token, body as never, meta),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/',
    access: access.public,
    summary: 'The form of a token (raw_data=true adds the unmasked data)',
    tags,
    params: tokenParams,
    query: z.object({ raw_data: z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1') }),
    rateLimits: limits,
    responses: { 200: { description: 'Form', schema: formResponse }, 404: errors[404], 429: errors[429] },
    handler: ({ deps, params, query }) => getForm(deps, params.token, { raw: query.raw_data }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/preview/',
    access: access.public,
    summary: "Summary of the application for the portal's side panel",
    tags,
    params: tokenParams,
    rateLimits: limits,
    responses: { 200: { description: 'Summary' }, 404: errors[404], 429: errors[429] },
    handler: ({ deps, params }) => previewForm(deps, params.token),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/submit/',
    access: access.public,
    summary: 'Submit a step: BASIC_DEAL_INFO, PERSON_INFO, BANKING_INFO (empty data), COLLATERAL_INFO, DOCUMENTS (finish)',
    tags,
    params: tokenParams,
    body: submitFormRequest,
    rateLimits: limits,
    responses: { 200: { description: 'The form with its new state', schema: formResponse }, ...errors },
    handler: ({ deps, params, body, meta }) => submitForm(deps, params.token, body, meta),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/question/',
    access: access.public,
    summary: 'Detail question: EVALUATE_REQUISITION_STATUS, SAVE_APPLICATION_OFFER, SAVE_IRREGULAR_PAYMENT_OFFER, CREATE_DEBTORS',
    tags,
    params: tokenParams,
    body: questionRequest,
    rateLimits: limits,
    responses: { 200: { description: 'Evaluation answer {any_data, valid, is_dirty}, or the updated form' }, ...errors },
    handler: ({ deps, params, body, meta }) => answerQuestion(deps, params.token, body as never, meta),
  }),
];
