import { ApprovalState, DealState, type ApprovalRequestView } from '@lending/contracts';
import { EMPTY_VALUE, StatusBadge, type BadgeTone } from '@lending/ui';
import { Link } from 'react-router-dom';

const STATE_TONES: Record<ApprovalState, BadgeTone> = {
  PENDING: 'warning',
  EXECUTED: 'success',
  REJECTED: 'danger',
  WITHDRAWN: 'neutral',
  EXPIRED: 'neutral',
  FAILED: 'danger',
};

/** The state in Czech (the colour only repeats it); a failure's or a rejection's reason below. */
export function ApprovalStateCell({ request }: { request: ApprovalRequestView }) {
  const why = request.state === 'FAILED' ? request.failure : request.state === 'REJECTED' ? request.reason : null;
  return (
    <>
      <StatusBadge label={ApprovalState.labels[request.state]} tone={STATE_TONES[request.state]} />
      {why && (
        <>
          <br />
          <span className="cell-note">{why}</span>
        </>
      )}
    </>
  );
}

/** The deal a request is about, as a link; "—" for none. */
export function DealLink({ deal }: { deal: number | null }) {
  return deal === null ? EMPTY_VALUE : <Link to={`/deals/${deal}`}>Obchod #{deal}</Link>;
}

/** A whole number from a request's `result`, or null. */
export function resultId(request: ApprovalRequestView, key: string): number | null {
  const value = request.result?.[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** What an executed action made, in Czech (the payment order's file is offered apart, as a download). */
export function resultFacts(request: ApprovalRequestView): string[] {
  const result = request.result;
  if (!result) return [];
  const facts: string[] = [];
  const claim = resultId(request, 'claim_id');
  if (claim !== null) facts.push(`Pohledávka č. ${claim}`);
  const model = resultId(request, 'deal_model_id');
  if (model !== null) facts.push(`Nová verze modelu č. ${model}`);
  const superseded = resultId(request, 'superseded_model_id');
  if (superseded !== null) facts.push(`nahradila verzi č. ${superseded}`);
  const state = result.state;
  if (typeof state === 'string' && state in DealState.labels) facts.push(`Stav obchodu: ${DealState.labels[state as DealState]}`);
  return facts;
}
