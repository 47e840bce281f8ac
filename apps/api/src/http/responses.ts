import { approvalRequestView, detailResponse, fieldErrorsResponse } from '@lending/contracts';
import { Reply, type ResponseDoc } from './routes.ts';

// The error answers routes document (OpenAPI), written once (docs/decisions/0040).

/** 400: invalid input, Czech messages by field. */
export const badInput: Record<number, ResponseDoc> = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };

/** 404: what the path names does not exist. */
export const notFoundDoc = (what: string): Record<number, ResponseDoc> => ({ 404: { description: `No such ${what}`, schema: detailResponse } });

/** 409: refused by the data as it is (Czech reason). */
export const refusedDoc = (description = 'Refused by a business rule (Czech reason)'): Record<number, ResponseDoc> => ({ 409: { description, schema: detailResponse } });

/** 202: the action is four-eyes — an approval request was made and nothing changed yet (docs/decisions/0045). */
export const fourEyesDoc: Record<number, ResponseDoc> = {
  202: { description: 'Four-eyes: the approval request another user must approve (nothing changed yet). Thresholds and actions: GET /approvals/settings/', schema: approvalRequestView },
};

/** The answer of a four-eyes action: 202 with its approval request, or `done` of what it did at once. */
export function fourEyesReply<R>(outcome: { done: R } | { approval: unknown }, done: (result: R) => unknown = (result) => result): unknown {
  return 'approval' in outcome ? new Reply(202, outcome.approval) : done(outcome.done);
}
