import { APPROVAL_CHECKER_PERMISSION, ApprovalAction, approvalRejectRequest, type ApprovalRejectRequest, type ApprovalRequestView } from '@lending/contracts';
import { ApiError, errorMessage, fieldErrorsOf } from '@lending/api-client';
import { useEffect, useRef, useState } from 'react';
import { Dialog, EMPTY_VALUE, ErrorSummary, formatDateTime, formatMoney, formatOptionalDateTime, TextAreaField } from '@lending/ui';
import { useCurrentUser, usePermissions } from '../../shared/current-user';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { DescriptionList, type DescriptionItem } from '../../shared/ui/Layout';
import { FormActions } from '../../shared/ui/EditableList';
import { useForm } from '../../shared/useForm';
import { approveRequest, rejectRequest, useApproval, useRevalidateApprovals, withdrawRequest } from './api';
import { ApprovalStateCell, DealLink, resultFacts, resultId } from './approval-format';

/**
 * One approval request: what it asks, who asked and when, how it was decided, and — while it
 * is pending — the decision the signed-in user may take: approve or reject (a checker holding
 * the action's permission, never the maker) or withdraw (the maker). The API decides again;
 * its refusals (409: decided meanwhile, expired, or the action failed at approval) show here.
 */
export function ApprovalDialog({ request, onClose }: { request: ApprovalRequestView; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={`Žádost č. ${request.id}`} wide>
      <ApprovalDetail initial={request} onClose={onClose} />
    </Dialog>
  );
}

type Busy = 'approve' | 'withdraw' | null;

function ApprovalDetail({ initial, onClose }: { initial: ApprovalRequestView; onClose: () => void }) {
  const detail = useApproval(initial.id);
  // What a decision answered wins until the detail is read again.
  const [answered, setAnswered] = useState<ApprovalRequestView | null>(null);
  const request = answered ?? detail.data ?? initial;
  const { data: user } = useCurrentUser();
  const may = usePermissions();
  const revalidate = useRevalidateApprovals();
  const [busy, setBusy] = useState<Busy>(null);
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const rejectButton = useRef<HTMLButtonElement>(null);

  const pending = request.state === 'PENDING';
  const isMaker = !!user && user.id === request.maker.id;
  // Buttons only once the user is known: one the API would refuse is worse than one a moment late.
  const canDecide = pending && !!user && !isMaker && may(APPROVAL_CHECKER_PERMISSION[request.action]);
  const canWithdraw = pending && isMaker;

  /** A refusal: said in the dialog, and the lists (the request may have left the inbox) read again. */
  function refused(error: unknown) {
    setAttempt((n) => n + 1);
    setFailure(errorMessage(error));
    setAnswered(null);
    setRejecting(false);
    if (error instanceof ApiError && error.status === 409) void revalidate();
  }

  async function run(kind: Exclude<Busy, null>) {
    setBusy(kind);
    setFailure(null);
    try {
      if (kind === 'approve') {
        const done = await approveRequest(request.id);
        showToast(`Žádost č. ${request.id} byla schválena a provedena.`);
        await revalidate();
        // A payment order is downloaded from here: the dialog stays with the outcome.
        if (resultId(done, 'payment_order_id') !== null) setAnswered(done);
        else onClose();
      } else {
        await withdrawRequest(request.id);
        showToast(`Žádost č. ${request.id} byla stažena.`);
        await revalidate();
        onClose();
      }
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  }

  const decision: DescriptionItem[] =
    request.decided_by || request.decided_at
      ? [
          { label: 'Rozhodl(a)', value: request.decided_by?.name ?? EMPTY_VALUE },
          { label: 'Rozhodnuto', value: formatOptionalDateTime(request.decided_at) },
        ]
      : [];
  if (request.reason) decision.push({ label: 'Důvod zamítnutí', value: request.reason });
  if (request.failure) decision.push({ label: 'Proč akci nešlo provést', value: request.failure });
  const facts = resultFacts(request);
  if (facts.length) decision.push({ label: 'Výsledek', value: facts.join(', ') });
  const paymentOrder = resultId(request, 'payment_order_id');
  const fileName = typeof request.result?.file_name === 'string' ? request.result.file_name : `platebni-prikaz-${paymentOrder}`;

  return (
    <>
      <ErrorSummary items={failure ? [{ message: failure, refusal: true }] : []} focusKey={attempt} />
      <p>{request.summary}</p>
      <DescriptionList
        items={[
          { label: 'Akce', value: ApprovalAction.labels[request.action] },
          { label: 'Stav', value: <ApprovalStateCell request={request} /> },
          { label: 'Obchod', value: <DealLink deal={request.deal} /> },
          { label: 'Částka', value: formatMoney(request.amount) },
          { label: 'Zadal(a)', value: request.maker.name },
          { label: 'Podáno', value: formatDateTime(request.created_at) },
          { label: 'Vyprší', value: formatDateTime(request.expires_at) },
          ...decision,
        ]}
      />
      {paymentOrder !== null && request.deal !== null && (
        <p>
          <DownloadButton path={`/api/v1/deals/${request.deal}/purposes/payments/${paymentOrder}/`} fallbackName={fileName} className="button button--secondary">
            Stáhnout platební příkaz
          </DownloadButton>
        </p>
      )}
      {pending && isMaker && <p className="cell-note">Vlastní žádost schvaluje jiný uživatel; dokud je nevyřízená, můžete ji stáhnout.</p>}
      {rejecting ? (
        <RejectForm
          request={request}
          onCancel={() => {
            setRejecting(false);
            rejectButton.current?.focus();
          }}
          onRefused={refused}
          onDone={async () => {
            showToast(`Žádost č. ${request.id} byla zamítnuta.`);
            await revalidate();
            onClose();
          }}
        />
      ) : (
        (canDecide || canWithdraw) && (
          <div className="dialog__actions">
            {canDecide && (
              <>
                <button type="button" className="button" disabled={busy !== null} aria-busy={busy === 'approve' || undefined} onClick={() => void run('approve')}>
                  {busy === 'approve' ? 'Schvaluji…' : 'Schválit'}
                </button>
                <button ref={rejectButton} type="button" className="button button--danger" disabled={busy !== null} onClick={() => setRejecting(true)}>
                  Zamítnout
                </button>
              </>
            )}
            {canWithdraw && (
              <button type="button" className="button button--secondary" disabled={busy !== null} aria-busy={busy === 'withdraw' || undefined} onClick={() => void run('withdraw')}>
                {busy === 'withdraw' ? 'Stahuji…' : 'Stáhnout žádost'}
              </button>
            )}
          </div>
        )
      )}
    </>
  );
}

/** The reason of a rejection (required; the maker reads it), checked by the contract before it is sent. */
function RejectForm({
  request,
  onCancel,
  onRefused,
  onDone,
}: {
  request: ApprovalRequestView;
  onCancel: () => void;
  onRefused: (error: unknown) => void;
  onDone: () => Promise<void>;
}) {
  const form = useForm(() => ({ reason: '' }), { reason: 'Důvod zamítnutí' });
  const reasonId = form.idOf('reason');
  // The form replaces the button that opened it: focus goes on to its one field.
  useEffect(() => {
    document.getElementById(reasonId)?.focus();
  }, [reasonId]);
  const onSubmit = form.handleSubmit(
    (values) => validate(approvalRejectRequest, { reason: values.reason }),
    async (body: ApprovalRejectRequest) => {
      try {
        await rejectRequest(request.id, body.reason);
      } catch (error) {
        // The API's field errors (400) stay at the field; anything else is the dialog's refusal.
        if (Object.keys(fieldErrorsOf(error)).length > 0) throw error;
        onRefused(error);
        return;
      }
      await onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Zamítnutí žádosti č. ${request.id}`}>
      <ErrorSummary items={form.summary} />
      <TextAreaField {...form.field('reason')} label="Důvod zamítnutí" hint="Uvidí ho ten, kdo žádost podal." required rows={4} />
      <FormActions submitting={form.submitting} submitLabel="Zamítnout žádost" busyLabel="Zamítám…" onCancel={onCancel} />
    </form>
  );
}
