import { blacklistEntryRequest, personLabelRequest, type BlacklistEntry, type BlacklistEntryRequest, type PersonLabel, type PersonLabelRequest } from '@lending/contracts';
import { useState } from 'react';
import { api } from '../../shared/api';
import { errorMessage } from '@lending/api-client';
import { ConfirmDialog, EmptyState, ErrorSummary, formatDateTime, TextAreaField, TextField } from '@lending/ui';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { Section } from '../../shared/ui/Layout';
import { personPaths } from './api';

export function LabelsSection({
  personId,
  labels,
  canWrite,
  onChanged,
}: {
  personId: number;
  labels: readonly PersonLabel[];
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [removing, setRemoving] = useState<number | null>(null);
  const form = useForm({ name: '', color: '' }, { name: 'Název štítku', color: 'Barva' });
  const onSubmit = form.handleSubmit(
    (values) => validate(personLabelRequest, values),
    async (body: PersonLabelRequest) => {
      await api.post(personPaths.labels(personId), body);
      showToast(`Štítek „${body.name}“ byl přidán.`);
      form.setValues({ name: '', color: '' });
      onChanged();
    },
  );

  async function remove(label: PersonLabel) {
    setRemoving(label.id);
    try {
      await api.delete(`${personPaths.labels(personId)}${label.id}/`);
      showToast(`Štítek „${label.name}“ byl odebrán.`);
      onChanged();
    } catch (error) {
      showToast(`Štítek se nepodařilo odebrat. ${errorMessage(error)}`, 'error');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Section title="Štítky">
      {labels.length === 0 ? (
        <EmptyState>Osoba nemá žádné štítky.</EmptyState>
      ) : (
        <ul className="labels">
          {labels.map((label) => (
            <li key={label.id} className="label-chip">
              {label.color && <span className="label-chip__color" style={{ background: label.color }} aria-hidden="true" />}
              {label.name}
              {canWrite && (
                <button
                  type="button"
                  className="label-chip__remove"
                  aria-label={`Odebrat štítek ${label.name}`}
                  disabled={removing === label.id}
                  onClick={() => void remove(label)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Přidat štítek">
          <ErrorSummary items={form.summary} />
          <div className="form-grid">
            <TextField {...form.field('name')} label="Název štítku" required />
            <TextField {...form.field('color')} label="Barva" hint="Nepovinné, ve tvaru #RRGGBB" />
          </div>
          <button type="submit" className="button button--secondary" disabled={form.submitting}>
            Přidat štítek
          </button>
        </form>
      )}
    </Section>
  );
}

export function BlacklistSection({
  personId,
  entries,
  canWrite,
  onChanged,
}: {
  personId: number;
  entries: readonly BlacklistEntry[];
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const form = useForm({ reason: '' }, { reason: 'Důvod' });
  const onSubmit = form.handleSubmit(
    (values) => validate(blacklistEntryRequest, values),
    async (body: BlacklistEntryRequest) => {
      await api.post(personPaths.blacklist(personId), body);
      showToast('Osoba byla zařazena na černou listinu.');
      form.setValues({ reason: '' });
      onChanged();
    },
  );

  return (
    <Section title="Černá listina">
      {entries.length === 0 ? (
        <EmptyState>Osoba není na černé listině.</EmptyState>
      ) : (
        <ul className="entries">
          {entries.map((entry) => (
            <li key={entry.id} className="entry">
              <div>
                <p className="entry__text">{entry.reason}</p>
                <p className="field__hint">Zařazeno {formatDateTime(entry.created_at)}</p>
              </div>
              {canWrite && (
                <button type="button" className="button button--secondary button--small" onClick={() => setRemoving(entry)}>
                  Odebrat z černé listiny<span className="visually-hidden"> (záznam ze dne {formatDateTime(entry.created_at)})</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Zařadit na černou listinu">
          <ErrorSummary items={form.summary} />
          <TextAreaField {...form.field('reason')} label="Důvod zařazení na černou listinu" required />
          <button type="submit" className="button button--danger" disabled={form.submitting}>
            Zařadit na černou listinu
          </button>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Odebrat z černé listiny?"
        message={removing ? `Záznam „${removing.reason}“ bude odstraněn.` : ''}
        confirmLabel="Odebrat záznam"
        onConfirm={async () => {
          if (!removing) return;
          await api.delete(`${personPaths.blacklist(personId)}${removing.id}/`);
          showToast('Záznam z černé listiny byl odebrán.');
          onChanged();
        }}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}
