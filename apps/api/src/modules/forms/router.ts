import { createFormRequest, detailResponse, formQuery, formResponse, questionRequest, questionWithTokenRequest, submitFormRequest, utmQuery } from '@lending/contracts';
import { publicLimits } from '../../http/rate-limit.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { answerQuestion } from './answer-question.ts';
import { createForm } from './create-form.ts';
import { getForm } from './get-form.ts';
import { previewForm } from './preview-form.ts';
import { submitForm } from './submit-form.ts';

const tags = ['forms'];
const limits = [publicLimits.formsByIp, publicLimits.formsByToken];
// Any token reaches findFormByToken, which answers every miss with the same 404.
const notFound = notFoundDoc('form');
const refused = refusedDoc('The step does not fit the form state, or the form is closed');
const tooMany = { 429: { description: 'Too many requests', schema: detailResponse } };

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
    responses: { 201: { description: 'The new form with its token and state BASIC_DEAL_INFO', schema: formResponse }, ...badInput, ...tooMany },
    handler: async ({ deps, actor, query, body }) => new Reply(201, await createForm(deps, actor, { form: body, utm: query })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/question/',
    access: access.public,
    summary: 'Detail question with the form token in the body',
    tags,
    body: questionWithTokenRequest,
    rateLimits: [publicLimits.formsByIp],
    responses: { 200: { description: 'Answer (see /forms/{token}/question/)' }, ...badInput, ...notFound, ...refused, ...tooMany },
    handler: ({ deps, actor, body }) => answerQuestion(deps, actor, { token: body.token, question: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/',
    access: access.public,
    summary: 'The form of a token (raw_data=true adds the unmasked data)',
    tags,
    query: formQuery,
    rateLimits: limits,
    responses: { 200: { description: 'Form', schema: formResponse }, ...notFound, ...tooMany },
    handler: ({ deps, actor, params, query }) => getForm(deps, actor, { token: params.token, raw: query.raw_data }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/preview/',
    access: access.public,
    summary: "Summary of the application for the portal's side panel",
    tags,
    rateLimits: limits,
    responses: { 200: { description: 'Summary' }, ...notFound, ...tooMany },
    handler: ({ deps, actor, params }) => previewForm(deps, actor, { token: params.token }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/submit/',
    access: access.public,
    summary: 'Submit a step: BASIC_DEAL_INFO, PERSON_INFO, BANKING_INFO (empty data), COLLATERAL_INFO, DOCUMENTS (finish)',
    tags,
    body: submitFormRequest,
    rateLimits: limits,
    responses: { 200: { description: 'The form with its new state', schema: formResponse }, ...badInput, ...notFound, ...refused, ...tooMany },
    handler: ({ deps, actor, params, body }) => submitForm(deps, actor, { token: params.token, submission: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/question/',
    access: access.public,
    summary: 'Detail question: EVALUATE_REQUISITION_STATUS, SAVE_APPLICATION_OFFER, SAVE_IRREGULAR_PAYMENT_OFFER, CREATE_DEBTORS',
    tags,
    body: questionRequest,
    rateLimits: limits,
    responses: { 200: { description: 'Evaluation answer {any_data, valid, is_dirty}, or the updated form' }, ...badInput, ...notFound, ...refused, ...tooMany },
    handler: ({ deps, actor, params, body }) => answerQuestion(deps, actor, { token: params.token, question: body }),
  }),
];
