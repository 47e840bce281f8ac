import { NotificationChannel, noticeGroupUpdateRequest, PersonRole, type Notice, type NoticeGroup, type NoticeGroupUpdateRequest } from '@lending/contracts';
import { splitList } from '@lending/api-client';
import { CheckboxGroup, Dialog, ErrorState, ErrorSummary, FieldError, Loading, TextAreaField, TextField } from '@lending/ui';
import { textOrNull, validate, type Validation } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { FormActions } from '../../../shared/ui/EditableList';
import { useForm } from '../../../shared/useForm';
import { updateNoticeGroup, useNoticePreview } from '../collections-api';
import { useParticipants, useRevalidateDeal } from '../parts-api';

/** The channels a notice to a debtor may take (Slack is for staff only). */
export const CHANNEL_CHOICES = (['EMAIL', 'SMS', 'MAIL'] as const).map((value) => ({ value, label: NotificationChannel.labels[value] }));

/** The group's own settings as the full body of PUT …/notice-groups/{id}/ takes them. */
export function currentSettings(group: NoticeGroup) {
  return {
    date: group.date,
    channels: group.channels,
    addressees: [...new Set(group.notices.map((notice) => notice.person.id))],
    note: group.note,
  };
}

/** "Náhled": the notice's subject and text, as sent (frozen) or as it would go today. */
export function PreviewDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={`Náhled upomínky – ${notice.person.name} (${NotificationChannel.labels[notice.channel]})`} wide>
      <PreviewBody id={notice.id} />
    </Dialog>
  );
}

function PreviewBody({ id }: { id: number }) {
  const { data, error, mutate } = useNoticePreview(id);
  if (!data) return error ? <ErrorState error={error} onRetry={() => void mutate()} title="Náhled se nepodařilo načíst." /> : <Loading label="Načítám náhled…" />;
  return (
    <>
      <p className="cell-note">{data.frozen ? 'Text, jak byl odeslán.' : 'Text podle dnešních údajů; při odeslání se může změnit.'}</p>
      {data.subject && (
        <p>
          <strong>Předmět:</strong> {data.subject}
        </p>
      )}
      <pre className="notice-preview" aria-label="Text upomínky">
        {data.text}
      </pre>
    </>
  );
}

const EDIT_LABELS = { date: 'Datum upomínky', channels: 'Kanály', addressees: 'Adresáti', note: 'Poznámka' } as const;

/** "Upravit": date, channels, addressees and note of a prepared group (PUT with the full body). */
export function EditGroupDialog({ dealId, group, onClose }: { dealId: number; group: NoticeGroup; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Upravit upomínku" wide>
      <EditGroupForm dealId={dealId} group={group} onClose={onClose} />
    </Dialog>
  );
}

function EditGroupForm({ dealId, group, onClose }: { dealId: number; group: NoticeGroup; onClose: () => void }) {
  const revalidate = useRevalidateDeal(dealId);
  const { rows: participants } = useParticipants(dealId);
  const current = currentSettings(group);
  const form = useForm(() => ({ date: current.date, channels: current.channels.join(','), addressees: current.addressees.join(','), note: current.note ?? '' }), EDIT_LABELS);

  // The group's addressees first, then the deal's other participants (the API refuses anyone who is not a debtor, co-debtor or pledgor).
  const people = new Map<number, string>();
  for (const notice of group.notices) people.set(notice.person.id, `${notice.person.name} (${PersonRole.labels[notice.role]})`);
  for (const participant of participants ?? []) {
    if (!people.has(participant.person.id)) people.set(participant.person.id, `${participant.person.name} (${PersonRole.labels[participant.role]})`);
  }
  const addresseeOptions = [...people].map(([id, label]) => ({ value: String(id), label }));

  const parse = (values: typeof form.values): Validation<NoticeGroupUpdateRequest> =>
    validate(noticeGroupUpdateRequest, {
      date: values.date || undefined,
      channels: splitList(values.channels),
      addressees: splitList(values.addressees).map(Number),
      note: textOrNull(values.note),
      state: 'PREPARED',
    });

  const onSubmit = form.handleSubmit(parse, async (body) => {
    await updateNoticeGroup(dealId, group.id, body);
    showToast('Upomínka byla upravena.');
    await revalidate();
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <TextField {...form.field('date')} label={EDIT_LABELS.date} type="date" required hint="Den, ke kterému se počítají částky a kdy smí upomínka odejít" />
      <CheckboxGroup id={form.idOf('channels')} legend={EDIT_LABELS.channels} options={CHANNEL_CHOICES} value={splitList(form.values.channels)} onChange={(chosen) => form.set('channels', chosen.join(','))} />
      <FieldError id={form.idOf('channels')} error={form.errors.channels} />
      <CheckboxGroup
        id={form.idOf('addressees')}
        legend={EDIT_LABELS.addressees}
        options={addresseeOptions}
        value={splitList(form.values.addressees)}
        onChange={(chosen) => form.set('addressees', chosen.join(','))}
      />
      <FieldError id={form.idOf('addressees')} error={form.errors.addressees} />
      <TextAreaField {...form.field('note')} label={EDIT_LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel="Uložit změny" onCancel={onClose} />
    </form>
  );
}

/** "Zrušit": the group will not be sent; the reason is required (PUT with state CANCELLED). */
export function CancelGroupDialog({ dealId, group, onClose }: { dealId: number; group: NoticeGroup; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Zrušit upomínku">
      <CancelGroupForm dealId={dealId} group={group} onClose={onClose} />
    </Dialog>
  );
}

function CancelGroupForm({ dealId, group, onClose }: { dealId: number; group: NoticeGroup; onClose: () => void }) {
  const revalidate = useRevalidateDeal(dealId);
  const form = useForm({ cancel_reason: '' }, { cancel_reason: 'Důvod zrušení' });
  const parse = (values: typeof form.values): Validation<NoticeGroupUpdateRequest> =>
    validate(noticeGroupUpdateRequest, { ...currentSettings(group), state: 'CANCELLED', cancel_reason: textOrNull(values.cancel_reason) ?? undefined });

  const onSubmit = form.handleSubmit(parse, async (body) => {
    await updateNoticeGroup(dealId, group.id, body);
    showToast('Upomínka byla zrušena.');
    await revalidate();
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>Upomínka nebude odeslána. Uveďte, proč ji rušíte.</p>
      <ErrorSummary items={form.summary} />
      <TextAreaField {...form.field('cancel_reason')} label="Důvod zrušení" required />
      <div className="dialog__actions">
        <button type="submit" className="button button--danger" disabled={form.submitting}>
          {form.submitting ? 'Ruším…' : 'Zrušit upomínku'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Zpět
        </button>
      </div>
    </form>
  );
}
