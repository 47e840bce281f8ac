import { useState } from 'react';
import { api, tooManyRequestsText, type FormView } from '../api';
import { ApiError } from '@lending/api-client';
import { Dialog, formatCzk } from '@lending/ui';
import { useApplication, type AcceptedOffer } from './ApplicationProvider';
import { irregularOfferRows, type IrregularOfferDraft } from './logic';

export const OFFER_NOT_VALID = 'Nabídka není validní';
export const OFFER_NOT_SAVED = 'Nabídku se nepodařilo uložit';
export const OFFER_ACCEPTED_TITLE = 'Nabídka je přijata';

export function offerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return tooManyRequestsText(error);
  const body = error instanceof ApiError ? error.body : undefined;
  return body && typeof body === 'object' && 'fake_offer' in body ? OFFER_NOT_VALID : OFFER_NOT_SAVED;
}

/** The API's 409 to a second confirmation: an offer of this application is accepted already. */
export function isOfferAlreadyApplied(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && typeof error.body === 'object' && error.body !== null && (error.body as { code?: unknown }).code === 'offer_applied';
}

const EMAIL_HINT = 'Chcete jinou nabídku? Vyberte si ji v e-mailu, který jsme Vám poslali.';

function useConfirm(send: () => Promise<FormView>, fallback: AcceptedOffer) {
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
      if (isOfferAlreadyApplied(failure)) {
        // Accepted meanwhile (another tab, a double click): that is good news, not an error.
        setDone(true);
        const fresh = await application.reload().catch(() => undefined);
        application.clearOfferDrafts();
        application.showAcceptedOffer(fresh?.applied_offer ?? fallback);
      } else {
        setError(offerErrorMessage(failure));
      }
    } finally {
      setSending(false);
    }
  };
  return { error, sending, done, confirm };
}

/** The frame both offer dialogs share: their own content, the error, the hint, the confirm button. */
function OfferDialog({ id, title, apply, fallback, children }: { id: string; title: string; apply: () => Promise<FormView>; fallback: AcceptedOffer; children: React.ReactNode }) {
  const application = useApplication();
  const [open, setOpen] = useState(true);
  const { error, sending, done, confirm } = useConfirm(apply, fallback);
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

const accepted = (offer: Omit<AcceptedOffer, 'id' | 'applied_at'>): AcceptedOffer => ({ id: 0, applied_at: new Date().toISOString(), ...offer });

function RegularOfferDialog() {
  const application = useApplication();
  const draft = application.offerDraft!;
  return (
    <OfferDialog
      id="offer-dialog"
      title="Potvrzení nabídky"
      apply={() => api.applyOffer(application.token, draft)}
      fallback={accepted({ kind: 'REGULAR', value: draft.value, installment_value: draft.installment_value, claim_groups: [] })}
    >
      <RegularTerms value={draft.value} installment={draft.installment_value} />
    </OfferDialog>
  );
}

function RegularTerms({ value, installment }: { value: string; installment: string }) {
  return (
    <dl className="offer">
      <dt>Výše půjčky</dt>
      <dd className="offer__amount">{formatCzk(value)}</dd>
      <dt>Splátka</dt>
      <dd>{`${formatCzk(installment)} měsíčně`}</dd>
    </dl>
  );
}

function IrregularTerms({ groups }: { groups: IrregularOfferDraft }) {
  return (
    <ul className="offer__payments">
      {irregularOfferRows(groups).map((row) => (
        <li key={row.label}>{`${row.label}: ${formatCzk(row.amount)} měsíčně`}</li>
      ))}
    </ul>
  );
}

function IrregularOfferDialog() {
  const application = useApplication();
  const draft = application.irregularOfferDraft!;
  return (
    <OfferDialog
      id="irregular-offer-dialog"
      title="Potvrzení nabídky splátek"
      apply={() => api.applyIrregularOffer(application.token, draft)}
      fallback={accepted({ kind: 'IRREGULAR', value: null, installment_value: null, claim_groups: Object.values(draft) })}
    >
      <p>Splátky podle nabídky:</p>
      <IrregularTerms groups={draft} />
    </OfferDialog>
  );
}

/** An offer link opened again after the applicant accepted an offer: no second confirmation. */
function AcceptedOfferDialog({ offer }: { offer: AcceptedOffer }) {
  const application = useApplication();
  const [open, setOpen] = useState(true);
  const groups = Object.fromEntries(offer.claim_groups.map((g) => [`claim_group_${g.order}`, g]));
  return (
    <Dialog id="accepted-offer-dialog" title={OFFER_ACCEPTED_TITLE} open={open} onClose={application.dismissAcceptedOffer}>
      <p>Tuto nabídku jste již přijali, znovu ji potvrzovat nemusíte. Ozveme se Vám s dalším postupem.</p>
      {offer.kind === 'REGULAR' && offer.value !== null && offer.installment_value !== null ? (
        <RegularTerms value={offer.value} installment={offer.installment_value} />
      ) : (
        <IrregularTerms groups={groups} />
      )}
      <div className="actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Rozumím
        </button>
      </div>
    </Dialog>
  );
}

/** Confirmation of an offer that came with the link in the e-mail (portal.md §2, §4). */
export default function OfferDialogs() {
  const { offerDraft, irregularOfferDraft, acceptedOffer } = useApplication();
  if (acceptedOffer) return <AcceptedOfferDialog offer={acceptedOffer} />;
  if (offerDraft) return <RegularOfferDialog />;
  if (irregularOfferDraft) return <IrregularOfferDialog />;
  return null;
}
