import { OfferKind, offerRequestFor, type FormType, type OfferIssueResponse, type OfferRequest } from '@lending/contracts';
import { sumMoney, timesMoney, typedMoney } from '@lending/contracts/format';
import { useState } from 'react';
import { api } from '../../shared/api';
import { ApiError } from '@lending/api-client';
import { Dialog, ErrorSummary, FieldFrame, formatCzk, TextField } from '@lending/ui';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { leadPaths } from './api';

interface OfferDialogProps {
  leadId: number;
  /** The application's loan type decides the amount bounds (docs/decisions/0003). */
  formType: FormType;
  open: boolean;
  onClose: () => void;
  onIssued: () => void;
  /** The API refused the offer (409: the lead changed meanwhile): the page refetches the lead. */
  onRefused: () => void;
}

export function OfferDialog({ leadId, formType, open, onClose, onIssued, onRefused }: OfferDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Vydat nabídku" wide>
      <OfferForm leadId={leadId} formType={formType} onCancel={onClose} onIssued={onIssued} onRefused={onRefused} />
    </Dialog>
  );
}

interface GroupDraft {
  /** Stable React key; the order is the row's position. */
  key: number;
  count: string;
  amount: string;
}

/** A count as typed; anything but a number becomes 0 so the schema's Czech range message applies. */
function countValue(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : 0;
}

/** Sum of the payments while typing, exact; null until every row is a number. */
function groupsTotal(groups: readonly GroupDraft[]): string | null {
  const parts: string[] = [];
  for (const group of groups) {
    const count = group.count.trim();
    const part = /^\d+$/.test(count) && group.amount.trim() ? timesMoney(typedMoney(group.amount), Number(count)) : null;
    if (part === null) return null;
    parts.push(part);
  }
  return sumMoney(parts);
}

function OfferForm({ leadId, formType, onCancel, onIssued, onRefused }: { leadId: number; formType: FormType; onCancel: () => void; onIssued: () => void; onRefused: () => void }) {
  const [groups, setGroups] = useState<GroupDraft[]>([{ key: 1, count: '', amount: '' }]);
  const [nextKey, setNextKey] = useState(2);
  const groupLabels = Object.fromEntries(
    groups.flatMap((_, index) => [
      [`claim_groups.${index}.count`, `Skupina ${index + 1}, počet splátek`],
      [`claim_groups.${index}.amount`, `Skupina ${index + 1}, výše splátky`],
    ]),
  );
  const form = useForm(
    { kind: 'REGULAR', value: '', installment_value: '' },
    { value: 'Výše úvěru', installment_value: 'Měsíční splátka', claim_groups: 'Skupiny splátek', kind: 'Druh nabídky', ...groupLabels },
  );
  const schema = offerRequestFor(formType);
  const isRegular = form.values.kind === 'REGULAR';
  const total = groupsTotal(groups);

  const onSubmit = form.handleSubmit(
    (values) =>
      validate(
        schema,
        values.kind === 'REGULAR'
          ? { kind: 'REGULAR', value: values.value, installment_value: values.installment_value }
          : {
              kind: 'IRREGULAR',
              claim_groups: groups.map((group, index) => ({ order: index + 1, count: countValue(group.count), amount: group.amount })),
            },
      ),
    async (body: OfferRequest) => {
      const issued = await api.post<OfferIssueResponse>(leadPaths.offer(leadId), body).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) onRefused();
        throw error;
      });
      const { recipient, state } = issued.notification;
      showToast(
        state === 'SANDBOX'
          ? `Nabídka byla vydána. E-mail pro ${recipient} nebyl odeslán (poštovní server není nastaven), najdete ho v E-mailech žadateli.`
          : `Nabídka byla vydána a odeslána e-mailem na adresu ${recipient}.`,
      );
      onIssued();
    },
  );

  const updateGroup = (key: number, patch: Partial<GroupDraft>) =>
    setGroups((current) => current.map((group) => (group.key === key ? { ...group, ...patch } : group)));

  // Messages of the array itself (none given, wrong order) belong to the whole table.
  const groupsError = form.errors.claim_groups;

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <fieldset className="fieldset">
        <legend className="field__label">Druh nabídky</legend>
        <div className="radio-group">
          {OfferKind.values.map((kind) => (
            <div key={kind} className="field--checkbox">
              <input
                id={form.idOf(`kind-${kind}`)}
                type="radio"
                name={form.idOf('kind')}
                value={kind}
                checked={form.values.kind === kind}
                onChange={() => form.set('kind', kind)}
              />
              <label htmlFor={form.idOf(`kind-${kind}`)}>{OfferKind.labels[kind]}</label>
            </div>
          ))}
        </div>
      </fieldset>

      {isRegular ? (
        <div className="form-grid">
          <TextField {...form.field('value')} label="Výše úvěru" hint="Celé koruny" inputMode="numeric" required />
          <TextField {...form.field('installment_value')} label="Měsíční splátka" hint="Celé koruny, nižší než výše úvěru" inputMode="numeric" required />
        </div>
      ) : (
        <div
          id={form.idOf('claim_groups')}
          tabIndex={-1}
          className={groupsError ? 'claim-groups field--error' : 'claim-groups'}
          role="group"
          aria-labelledby={form.idOf('claim_groups-title')}
          aria-describedby={groupsError ? form.idOf('claim_groups-error') : undefined}
        >
          <p id={form.idOf('claim_groups-title')} className="field__label">
            Skupiny splátek
          </p>
          <p className="field__hint">Splátky jdou po sobě ve skupinách: např. 6 splátek po 5 000 Kč, potom 12 po 3 000 Kč.</p>
          {groupsError && (
            <p id={form.idOf('claim_groups-error')} className="field__error">
              {groupsError.map((message) => (
                <span key={message} className="field__error-line">
                  <span className="visually-hidden">Chyba: </span>
                  {message}
                </span>
              ))}
            </p>
          )}
          <ol className="claim-groups__list">
            {groups.map((group, index) => {
              const order = index + 1;
              return (
                <li key={group.key} className="claim-groups__row">
                  <span className="claim-groups__order" aria-hidden="true">
                    {order}.
                  </span>
                  <FieldFrame
                    id={form.idOf(`claim_groups.${index}.count`)}
                    label={`Počet splátek ve skupině ${order}`}
                    error={form.errors[`claim_groups.${index}.count`]}
                  >
                    {(aria) => (
                      <input {...aria} inputMode="numeric" autoComplete="off" value={group.count} onChange={(e) => updateGroup(group.key, { count: e.target.value })} />
                    )}
                  </FieldFrame>
                  <FieldFrame
                    id={form.idOf(`claim_groups.${index}.amount`)}
                    label={`Výše splátky ve skupině ${order}`}
                    error={form.errors[`claim_groups.${index}.amount`]}
                  >
                    {(aria) => (
                      <input {...aria} inputMode="numeric" autoComplete="off" value={group.amount} onChange={(e) => updateGroup(group.key, { amount: e.target.value })} />
                    )}
                  </FieldFrame>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={groups.length === 1}
                    onClick={() => setGroups((current) => current.filter((g) => g.key !== group.key))}
                  >
                    Odebrat skupinu {order}
                  </button>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="button button--secondary"
            disabled={groups.length >= 24}
            onClick={() => {
              setGroups((current) => [...current, { key: nextKey, count: '', amount: '' }]);
              setNextKey((key) => key + 1);
            }}
          >
            Přidat skupinu splátek
          </button>
          <p className="claim-groups__total" aria-live="polite">
            Celkem zaplatí: {total === null ? '—' : formatCzk(total)}
          </p>
        </div>
      )}

      <div className="dialog__actions">
        <button type="submit" className="button" disabled={form.submitting}>
          {form.submitting ? 'Odesílám…' : 'Odeslat nabídku'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Zrušit
        </button>
      </div>
    </form>
  );
}
