import { CallOutcome, collectionCallRequest, type CollectionCallRequest, type PromiseToPay } from '@lending/contracts';
import { useState } from 'react';
import { ConfirmDialog, Dialog, EMPTY_VALUE, EmptyState, enumOptions, ErrorState, ErrorSummary, formatCzk, formatDate, formatDateTime, formatMoney, Loading, MoneyField, SelectField, TableScroll, TextAreaField, TextField } from '@lending/ui';
import { PromiseStateBadge } from '../../../shared/collections-badges';
import { amountFromInput, intOrText, textOrNull, validate, type Validation } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { FormActions } from '../../../shared/ui/EditableList';
import { Section } from '../../../shared/ui/Layout';
import { useForm } from '../../../shared/useForm';
import { cancelPromise, recordCall, useCollectionCalls, usePromisesToPay } from '../collections-api';
import { useParticipants, useRevalidateDeal } from '../parts-api';

// "Hovory a sliby": the collector's call log and the debtor's promises to pay (docs/decisions/0048).

export function CallsSection({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const calls = useCollectionCalls(dealId);
  const promises = usePromisesToPay(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const [recording, setRecording] = useState(false);
  const [cancelling, setCancelling] = useState<PromiseToPay | null>(null);

  return (
    <Section
      title="Hovory a sliby"
      actions={
        canWrite ? (
          <button type="button" className="button button--small" onClick={() => setRecording(true)}>
            Zapsat hovor
          </button>
        ) : undefined
      }
    >
      <h3>Hovory</h3>
      {!calls.data ? (
        calls.error ? (
          <ErrorState error={calls.error} onRetry={() => void calls.mutate()} title="Hovory se nepodařilo načíst." />
        ) : (
          <Loading label="Načítám hovory…" />
        )
      ) : calls.data.length === 0 ? (
        <EmptyState>S dlužníkem zatím nikdo nevolal.</EmptyState>
      ) : (
        <TableScroll label="Hovory s dlužníkem">
          <table className="table">
            <caption className="visually-hidden">Hovory s dlužníkem</caption>
            <thead>
              <tr>
                <th scope="col">Kdy</th>
                <th scope="col">Výsledek</th>
                <th scope="col">Osoba</th>
                <th scope="col">Poznámka</th>
                <th scope="col">Další krok</th>
                <th scope="col">Zapsal</th>
              </tr>
            </thead>
            <tbody>
              {calls.data.map((call) => (
                <tr key={call.id}>
                  <th scope="row">{formatDateTime(call.called_at)}</th>
                  <td>
                    {CallOutcome.labels[call.outcome]}
                    {call.promise !== null && (
                      <>
                        <br />
                        <span className="cell-note">Se slibem platby</span>
                      </>
                    )}
                  </td>
                  <td>{call.person?.name ?? EMPTY_VALUE}</td>
                  <td>{call.note ?? EMPTY_VALUE}</td>
                  <td>{formatDate(call.next_action_on)}</td>
                  <td>{call.created_by?.name ?? EMPTY_VALUE}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h3>Sliby platby</h3>
      {!promises.data ? (
        promises.error ? (
          <ErrorState error={promises.error} onRetry={() => void promises.mutate()} title="Sliby platby se nepodařilo načíst." />
        ) : (
          <Loading label="Načítám sliby platby…" />
        )
      ) : promises.data.length === 0 ? (
        <EmptyState>Dlužník zatím nic neslíbil.</EmptyState>
      ) : (
        <TableScroll label="Sliby platby">
          <table className="table">
            <caption className="visually-hidden">Sliby platby</caption>
            <thead>
              <tr>
                <th scope="col">Zaplatit do</th>
                <th scope="col" className="table__numeric">
                  Částka
                </th>
                <th scope="col">Stav</th>
                <th scope="col" className="table__numeric">
                  Zaplaceno
                </th>
                <th scope="col">Sjednáno</th>
                <th scope="col">Zapsal</th>
                {canWrite && <th scope="col">Akce</th>}
              </tr>
            </thead>
            <tbody>
              {promises.data.map((promise) => (
                <tr key={promise.id}>
                  <th scope="row">{formatDate(promise.promised_on)}</th>
                  <td className="table__numeric">{formatCzk(promise.amount)}</td>
                  <td>
                    <PromiseStateBadge state={promise.state} />
                    {promise.resolved_on && (
                      <>
                        <br />
                        <span className="cell-note">{formatDate(promise.resolved_on)}</span>
                      </>
                    )}
                  </td>
                  <td className="table__numeric">{formatMoney(promise.paid_amount)}</td>
                  <td>{formatDate(promise.made_on)}</td>
                  <td>{promise.created_by?.name ?? EMPTY_VALUE}</td>
                  {canWrite && (
                    <td>
                      {promise.state === 'OPEN' && (
                        <button type="button" className="button button--secondary button--small" onClick={() => setCancelling(promise)}>
                          Zrušit<span className="visually-hidden"> slib platby do {formatDate(promise.promised_on)}</span>
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      {recording && <CallDialog dealId={dealId} onClose={() => setRecording(false)} />}
      {cancelling && (
        <ConfirmDialog
          open
          title="Zrušit slib platby"
          message={`Zrušit slib zaplatit ${formatCzk(cancelling.amount)} do ${formatDate(cancelling.promised_on)}? Slib se pak nebude vyhodnocovat.`}
          confirmLabel="Zrušit slib"
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            await cancelPromise(dealId, cancelling.id);
            showToast('Slib platby byl zrušen.');
            await revalidate();
          }}
        />
      )}
    </Section>
  );
}

const CALL_LABELS = {
  person: 'Volaná osoba',
  outcome: 'Výsledek hovoru',
  note: 'Poznámka',
  next_action_on: 'Další krok dne',
  'promise.promised_on': 'Slib: zaplatí do',
  'promise.amount': 'Slib: částka',
} as const;

function CallDialog({ dealId, onClose }: { dealId: number; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Zapsat hovor" wide>
      <CallForm dealId={dealId} onClose={onClose} />
    </Dialog>
  );
}

function CallForm({ dealId, onClose }: { dealId: number; onClose: () => void }) {
  const revalidate = useRevalidateDeal(dealId);
  const { rows: participants } = useParticipants(dealId);
  const form = useForm({ person: '', outcome: '', note: '', next_action_on: '', 'promise.promised_on': '', 'promise.amount': '' }, CALL_LABELS);

  const parse = (values: typeof form.values): Validation<CollectionCallRequest> => {
    const promised = values['promise.promised_on'] !== '' || values['promise.amount'].trim() !== '';
    return validate(collectionCallRequest, {
      person: values.person === '' ? null : intOrText(values.person),
      outcome: values.outcome || undefined,
      note: textOrNull(values.note),
      next_action_on: values.next_action_on || null,
      promise: promised ? { promised_on: values['promise.promised_on'] || undefined, amount: amountFromInput(values['promise.amount']) } : null,
    });
  };

  const onSubmit = form.handleSubmit(parse, async (body) => {
    await recordCall(dealId, body);
    showToast(body.promise ? 'Hovor a slib platby byly zapsány.' : 'Hovor byl zapsán.');
    await revalidate();
    onClose();
  });

  const people = [...new Map((participants ?? []).map((p) => [p.person.id, p.person.name])).entries()].map(([id, name]) => ({ value: String(id), label: name }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <SelectField {...form.field('outcome')} label={CALL_LABELS.outcome} required placeholder="Vyberte" options={enumOptions(CallOutcome)} />
        <SelectField {...form.field('person')} label={CALL_LABELS.person} placeholder="Neuvedeno" options={people} />
        <TextField {...form.field('next_action_on')} label={CALL_LABELS.next_action_on} type="date" />
      </div>
      <TextAreaField {...form.field('note')} label={CALL_LABELS.note} />
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Slib platby (nepovinné)</legend>
        <div className="form-grid">
          <TextField {...form.field('promise.promised_on')} label={CALL_LABELS['promise.promised_on']} type="date" />
          <MoneyField {...form.field('promise.amount')} label={CALL_LABELS['promise.amount']} />
        </div>
      </fieldset>
      <FormActions submitting={form.submitting} submitLabel="Zapsat hovor" onCancel={onClose} />
    </form>
  );
}
