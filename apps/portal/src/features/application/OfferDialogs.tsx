import { useState } from 'react';
import { api, ApiError, tooManyRequestsText, type FormView } from '../../shared/api';
import { formatCzk } from '../../shared/format';
import { Dialog } from '../../shared/ui/Dialog';
import { useApplication } from './ApplicationProvider';
import { irregularOfferRows } from './logic';

export const OFFER_NOT_VALID = 'Nabídka není validní';
export const OFFER_NOT_SAVED = 'Nabídku se nepodařilo uložit';

export function offerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return tooManyRequestsText(error);
  const body = error instanceof ApiError ? error.body : undefined;
  return body && typeof body === 'object' && 'fake_offer' in body ? OFFER_NOT_VALID : OFFER_NOT_SAVED;
}

const EMAIL_HINT = 'Chcete jinou nabídku? Vyberte si ji v e-mailu, který jsme Vám poslali.';

function useConfirm(send: () => Promise<FormView>) {
  const application = useApplication();
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const confirm = async () => {
    setError('');
    setSending(true);
    try {
      const form = await send();
      setDone(true);
      application.clearOfferDrafts();
      await application.reload();
      application.goToActiveStep(form);
    } catch (failure) {
      setError(offerErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };
  return { error, sending, done, confirm };
}

/** The frame both offer dialogs share: their own content, the error, the hint, the confirm button. */
function OfferDialog({ id, title, apply, children }: { id: string; title: string; apply: () => Promise<FormView>; children: React.ReactNode }) {
  const application = useApplication();
  const [open, setOpen] = useState(true);
  const { error, sending, done, confirm } = useConfirm(apply);
  return (
    <Dialog id={id} title={title} open={open && !done} onClose={() => { setOpen(false); application.clearOfferDrafts(); }}>
      {children}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <p className="field__hint">{EMAIL_HINT}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void confirm()} disabled={sending}>
          Potvrdit nabídku
        </button>
      </div>
    </Dialog>
  );
}

function RegularOfferDialog() {
  const application = useApplication();
  const draft = application.offerDraft!;
  return (
    <OfferDialog id="offer-dialog" title="Potvrzení nabídky" apply={() => api.applyOffer(application.token, draft)}>
      <dl className="offer">
        <dt>Výše půjčky</dt>
        <dd className="offer__amount">{formatCzk(draft.value)}</dd>
        <dt>Splátka</dt>
        <dd>{`${formatCzk(draft.installment_value)} měsíčně`}</dd>
      </dl>
    </OfferDialog>
  );
}

function IrregularOfferDialog() {
  const application = useApplication();
  const draft = application.irregularOfferDraft!;
  return (
    <OfferDialog id="irregular-offer-dialog" title="Potvrzení nabídky splátek" apply={() => api.applyIrregularOffer(application.token, draft)}>
      <p>Splátky podle nabídky:</p>
      <ul className="offer__payments">
        {irregularOfferRows(draft).map((row) => (
          <li key={row.label}>{`${row.label}: ${formatCzk(row.amount)} měsíčně`}</li>
        ))}
      </ul>
    </OfferDialog>
  );
}

/** Confirmation of an offer that came with the link in the e-mail (portal.md §2, §4). */
export default function OfferDialogs() {
  const { offerDraft, irregularOfferDraft } = useApplication();
  if (offerDraft) return <RegularOfferDialog />;
  if (irregularOfferDraft) return <IrregularOfferDialog />;
  return null;
}
