import {
  PaymentPurposeType,
  purposeDrawingPatchRequest,
  purposeDrawingRequest,
  purposeRequest,
  type PaymentOrderFormat,
  type Purpose,
  type PurposeDrawing,
  type ApprovalRequestView,
} from '@lending/contracts';
import { sumMoney } from '@lending/contracts/format';
import { errorMessage, withQuery } from '@lending/api-client';
import { useId, useState } from 'react';
import {
  type Column,
  ConfirmDialog,
  DataTable,
  Dialog,
  EMPTY_VALUE,
  EmptyState,
  enumOptions,
  ErrorState,
  formatCzk,
  formatDate,
  formatDateTime,
  Loading,
  pluralize,
  RadioGroup,
  SelectField,
  StatusBadge,
  TextField,
} from '@lending/ui';
import { api, useApi } from '../../../shared/api';
import { downloadOrAccepted } from '../../../shared/download';
import { showToast } from '../../../shared/toast';
import { afterFourEyes } from '../../../shared/four-eyes';
import { useMay } from '../../../shared/current-user';
import { DownloadButton } from '../../../shared/ui/DownloadButton';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { useUrlState } from '../../../shared/ui/useUrlState';
import { usePaymentOrders, usePurposes, useRevalidateDeal } from '../parts-api';
import { SubResourceForm, type FormField } from './SubResourceForm';
import './deal-parts.css';

const FORMAT_LABELS: Record<PaymentOrderFormat, string> = { abo: 'ABO (KPC)', pain001: 'ISO 20022 (pain.001)' };
const formatOptions = (['abo', 'pain001'] as const).map((value) => ({ value, label: FORMAT_LABELS[value] }));

const purposeFields: FormField[] = [
  { key: 'type', label: 'Druh účelu', kind: 'select', required: true, options: enumOptions(PaymentPurposeType) },
  { key: 'amount', label: 'Částka', kind: 'money', required: true },
  { key: 'recipient_name', label: 'Příjemce', kind: 'text' },
  { key: 'bank_account', label: 'Účet příjemce', kind: 'text', hint: 'Předčíslí-číslo/kód banky (19-2000145399/0800) nebo IBAN; nutný před vydáním platebního příkazu' },
  { key: 'variable_symbol', label: 'Variabilní symbol', kind: 'text' },
  { key: 'specific_symbol', label: 'Specifický symbol', kind: 'text' },
  { key: 'message', label: 'Zpráva pro příjemce', kind: 'text' },
  { key: 'note', label: 'Interní poznámka', kind: 'textarea' },
];

const drawingFields: FormField[] = [
  { key: 'amount', label: 'Částka čerpání', kind: 'money', required: true },
  { key: 'drawn_at', label: 'Den výplaty', kind: 'date' },
  { key: 'note', label: 'Poznámka', kind: 'textarea' },
];
// An exported or paid drawing keeps its amount and day: the bank has them.
const lockedDrawingFields: FormField[] = drawingFields.filter((f) => f.key === 'note');

const isLocked = (d: PurposeDrawing) => d.payment_order !== null || d.payment_id !== null;
const drawingName = (d: PurposeDrawing) => `čerpání ${formatCzk(d.amount)}${d.drawn_at ? ` k ${formatDate(d.drawn_at)}` : ''}`;

type Editing = { kind: 'purpose'; row: Purpose | null } | { kind: 'drawing'; purpose: Purpose; row: PurposeDrawing | null };
type Deleting = { kind: 'purpose'; row: Purpose } | { kind: 'drawing'; row: PurposeDrawing };

/** "Účely a čerpání": what the money is for, its payouts, and the payment-order file for the bank. */
export function PurposesTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  // Purposes and drawings are origination's; ordering their payout is money out (ROLES.md §1).
  const canOrder = useMay('payouts.order');
  const filterId = useId();
  const filter = useUrlState(['purpose_type']);
  const type = filter.values.purpose_type;
  const { rows: purposes, error, mutate } = usePurposes(dealId, type);
  const revalidate = useRevalidateDeal(dealId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const params = { dealId };

  const changed = async () => {
    await Promise.all([mutate(), revalidate()]);
  };
  const toggle = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((x) => x !== id)));

  const allDrawings = purposes?.flatMap((p) => p.drawings) ?? [];
  const chosen = allDrawings.filter((d) => selected.includes(d.id));

  return (
    <>
      <Section
        title="Účely a čerpání"
        actions={
          canWrite ? (
            <button type="button" className="button button--small" onClick={() => setEditing({ kind: 'purpose', row: null })}>
              Přidat účel
            </button>
          ) : undefined
        }
      >
        <div className="filter-inline">
          <SelectField
            id={filterId}
            label="Druh účelu"
            value={type}
            onChange={(value) => filter.update({ purpose_type: value })}
            options={enumOptions(PaymentPurposeType)}
            placeholder="Všechny druhy"
          />
        </div>
        {!purposes ? (
          error ? (
            <ErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Loading />
          )
        ) : purposes.length === 0 ? (
          <EmptyState>{type ? 'Obchod nemá účely tohoto druhu.' : 'Obchod zatím nemá žádné účely čerpání.'}</EmptyState>
        ) : (
          purposes.map((purpose) => (
            <PurposeCard
              key={purpose.id}
              purpose={purpose}
              canWrite={canWrite}
              canOrder={canOrder}
              selected={selected}
              onToggle={toggle}
              onEdit={() => setEditing({ kind: 'purpose', row: purpose })}
              onDelete={() => setDeleting({ kind: 'purpose', row: purpose })}
              onAddDrawing={() => setEditing({ kind: 'drawing', purpose, row: null })}
              onEditDrawing={(d) => setEditing({ kind: 'drawing', purpose, row: d })}
              onDeleteDrawing={(d) => setDeleting({ kind: 'drawing', row: d })}
            />
          ))
        )}
      </Section>

      {canOrder && (
        <PaymentOrderPanel
          dealId={dealId}
          chosen={chosen}
          onDone={async () => {
            setSelected([]);
            await changed();
          }}
        />
      )}
      <PaymentOrderHistory dealId={dealId} />

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.kind === 'purpose'
            ? editing.row
              ? 'Upravit účel'
              : 'Přidat účel'
            : editing?.row
              ? 'Upravit čerpání'
              : `Přidat čerpání${editing ? `: ${PaymentPurposeType.labels[editing.purpose.type]}` : ''}`
        }
      >
        {editing?.kind === 'purpose' && (
          <SubResourceForm
            fields={purposeFields}
            schema={purposeRequest}
            row={editing.row}
            submitLabel="Uložit"
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              if (editing.row) await api.put('/api/v1/deals/{dealId}/purposes/{id}/', body, { params: { ...params, id: editing.row.id } });
              else await api.post('/api/v1/deals/{dealId}/purposes/', body, { params });
              showToast(editing.row ? 'Účel byl upraven.' : 'Účel byl přidán.');
              setEditing(null);
              await changed();
            }}
          />
        )}
        {editing?.kind === 'drawing' &&
          (editing.row ? (
            <SubResourceForm
              fields={isLocked(editing.row) ? lockedDrawingFields : drawingFields}
              schema={purposeDrawingPatchRequest}
              row={editing.row}
              submitLabel="Uložit"
              onCancel={() => setEditing(null)}
              onSubmit={async (body) => {
                await api.patch('/api/v1/deals/purpose/purpose-drawing/{id}/', body, { params: { id: (editing.row as PurposeDrawing).id } });
                showToast('Čerpání bylo upraveno.');
                setEditing(null);
                await changed();
              }}
            />
          ) : (
            <>
              <p>
                Zbývá vyčerpat: <strong>{formatCzk(editing.purpose.remaining_amount)}</strong>
              </p>
              <SubResourceForm
                fields={drawingFields}
                schema={purposeDrawingRequest}
                row={null}
                submitLabel="Uložit"
                onCancel={() => setEditing(null)}
                onSubmit={async (body) => {
                  await api.post('/api/v1/deals/{dealId}/purposes/{id}/drawings/', body, { params: { ...params, id: editing.purpose.id } });
                  showToast('Čerpání bylo přidáno.');
                  setEditing(null);
                  await changed();
                }}
              />
            </>
          ))}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'purpose' ? 'Smazat účel?' : 'Smazat čerpání?'}
        message={
          deleting?.kind === 'purpose'
            ? `Opravdu chcete smazat účel ${PaymentPurposeType.labels[deleting.row.type]} (${formatCzk(deleting.row.amount)})? Akci nelze vrátit.`
            : deleting
              ? `Opravdu chcete smazat ${drawingName(deleting.row)}? Akci nelze vrátit.`
              : ''
        }
        confirmLabel="Smazat"
        onConfirm={async () => {
          if (!deleting) return;
          if (deleting.kind === 'purpose') await api.delete('/api/v1/deals/{dealId}/purposes/{id}/', { params: { ...params, id: deleting.row.id } });
          else await api.delete('/api/v1/deals/purpose/purpose-drawing/{id}/', { params: { id: deleting.row.id } });
          if (deleting.kind === 'drawing') toggle(deleting.row.id, false);
          showToast(deleting.kind === 'purpose' ? 'Účel byl smazán.' : 'Čerpání bylo smazáno.');
          await changed();
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function PurposeCard({
  purpose,
  canWrite,
  canOrder,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onAddDrawing,
  onEditDrawing,
  onDeleteDrawing,
}: {
  purpose: Purpose;
  canWrite: boolean;
  canOrder: boolean;
  selected: readonly number[];
  onToggle: (id: number, on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddDrawing: () => void;
  onEditDrawing: (d: PurposeDrawing) => void;
  onDeleteDrawing: (d: PurposeDrawing) => void;
}) {
  const label = PaymentPurposeType.labels[purpose.type];
  const columns: Column<PurposeDrawing>[] = [
    ...(canOrder
      ? [
          {
            key: 'select',
            header: 'Do příkazu',
            render: (d: PurposeDrawing) =>
              isLocked(d) ? (
                EMPTY_VALUE
              ) : (
                <input
                  type="checkbox"
                  aria-label={`Vybrat ${drawingName(d)} do platebního příkazu`}
                  checked={selected.includes(d.id)}
                  onChange={(event) => onToggle(d.id, event.target.checked)}
                />
              ),
          },
        ]
      : []),
    { key: 'amount', header: 'Částka', numeric: true, rowHeader: true, render: (d) => formatCzk(d.amount) },
    { key: 'drawn_at', header: 'Den výplaty', render: (d) => formatDate(d.drawn_at) },
    {
      key: 'order',
      header: 'Platební příkaz',
      render: (d) =>
        d.payment_order ? (
          <StatusBadge label={`${FORMAT_LABELS[d.payment_order.format]}, ${formatDate(d.payment_order.execution_date)}`} tone="info" />
        ) : (
          'Zatím nevydán'
        ),
    },
    {
      key: 'paid',
      header: 'Vyplaceno',
      render: (d) =>
        d.payment_id !== null ? <StatusBadge label={d.paid_out_on ? `Vyplaceno ${formatDate(d.paid_out_on)}` : 'Vyplaceno'} tone="success" /> : 'Ne',
    },
    { key: 'note', header: 'Poznámka', render: (d) => d.note ?? EMPTY_VALUE },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: 'Akce',
            render: (d: PurposeDrawing) => (
              <div className="row-actions">
                <button type="button" className="button button--secondary button--small" onClick={() => onEditDrawing(d)}>
                  Upravit<span className="visually-hidden"> {drawingName(d)}</span>
                </button>
                {!isLocked(d) && (
                  <button type="button" className="button button--danger-ghost button--small" onClick={() => onDeleteDrawing(d)}>
                    Smazat<span className="visually-hidden"> {drawingName(d)}</span>
                  </button>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <article className="purpose-card" aria-label={`Účel ${label}`}>
      <div className="section__header">
        <h3>
          {label}: {formatCzk(purpose.amount)}
        </h3>
        {canWrite && (
          <div className="section__actions">
            <button type="button" className="button button--small" onClick={onAddDrawing}>
              Přidat čerpání<span className="visually-hidden"> účelu {label}</span>
            </button>
            <button type="button" className="button button--secondary button--small" onClick={onEdit}>
              Upravit<span className="visually-hidden"> účel {label}</span>
            </button>
            {purpose.drawings.length === 0 && (
              <button type="button" className="button button--danger-ghost button--small" onClick={onDelete}>
                Smazat<span className="visually-hidden"> účel {label}</span>
              </button>
            )}
          </div>
        )}
      </div>
      <DescriptionList
        items={[
          { label: 'Vyčerpáno', value: formatCzk(purpose.drawn_amount) },
          { label: 'Zbývá', value: formatCzk(purpose.remaining_amount) },
          { label: 'Příjemce', value: purpose.recipient_name ?? EMPTY_VALUE },
          { label: 'Účet', value: purpose.bank_account ?? EMPTY_VALUE },
          { label: 'VS / SS', value: [purpose.variable_symbol, purpose.specific_symbol].filter(Boolean).join(' / ') || EMPTY_VALUE },
          { label: 'Zpráva pro příjemce', value: purpose.message ?? EMPTY_VALUE },
          ...(purpose.note ? [{ label: 'Poznámka', value: purpose.note }] : []),
        ]}
      />
      <DataTable
        caption={`Čerpání účelu ${label}`}
        columns={columns}
        rows={purpose.drawings}
        rowKey={(d) => d.id}
        texts={{ empty: 'Účel zatím nemá žádná čerpání.' }}
      />
    </article>
  );
}

/** The chosen drawings as a payment-order file: the bank imports it and pays them out. */
function PaymentOrderPanel({ dealId, chosen, onDone }: { dealId: number; chosen: readonly PurposeDrawing[]; onDone: () => Promise<void> }) {
  const formId = useId();
  const [format, setFormat] = useState<PaymentOrderFormat>('abo');
  const [executionDate, setExecutionDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Four-eyes (ADR 0045): when payment orders need a second accountant, the button asks for that.
  const settings = useApi('/api/v1/approvals/settings/');
  const fourEyes = settings.data?.find((s) => s.action === 'PAYMENT_ORDER')?.enabled ?? false;

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      const path = withQuery(`/api/v1/deals/${dealId}/purposes/payments/`, { format, execution_date: executionDate || undefined });
      const answer = await downloadOrAccepted(path, {
        method: 'POST',
        body: chosen.map((d) => d.id),
        fallbackName: format === 'abo' ? 'platebni-prikaz.kpc' : 'platebni-prikaz.xml',
      });
      // Four-eyes (ADR 0045): the order waits for a second accountant; its file is then under "Ke schválení" and below.
      if ('accepted' in answer) afterFourEyes(answer.accepted as ApprovalRequestView, () => undefined);
      else showToast(`Platební příkaz ${answer.name} byl stažen.`, 'info');
      await onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Platební příkaz">
      {failure && (
        <div className="error-summary" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <p aria-live="polite">
        {chosen.length === 0
          ? 'Vyberte v tabulkách čerpání, která má banka vyplatit.'
          : `Vybráno ${pluralize(chosen.length, 'čerpání', 'čerpání', 'čerpání')} za ${formatCzk(sumMoney(chosen.map((d) => d.amount)))}.`}
      </p>
      <RadioGroup name={`${formId}-format`} legend="Formát souboru" options={formatOptions} value={format} onChange={setFormat} inline />
      <TextField id={`${formId}-date`} type="date" label="Datum splatnosti" hint="Prázdné = dnes" value={executionDate} onChange={setExecutionDate} />
      {fourEyes && <p className="hint">Platební příkaz schvaluje druhý účetní. Po schválení je soubor ke stažení v seznamu Vydané platební příkazy.</p>}
      <button type="button" className="button" disabled={busy || chosen.length === 0} aria-busy={busy || undefined} onClick={() => void download()}>
        {busy ? 'Připravuji soubor…' : fourEyes ? 'Odeslat platební příkaz ke schválení' : 'Stáhnout platební příkaz'}
      </button>
    </Section>
  );
}

function PaymentOrderHistory({ dealId }: { dealId: number }) {
  const { rows, error, mutate } = usePaymentOrders(dealId);
  if (rows && rows.length === 0) return null;
  return (
    <Section title="Vydané platební příkazy">
      <DataTable
        caption="Vydané platební příkazy"
        captionHidden
        rows={rows}
        error={error}
        onRetry={() => void mutate()}
        rowKey={(b) => b.id}
        columns={[
          { key: 'created_at', header: 'Vydáno', rowHeader: true, render: (b) => formatDateTime(b.created_at) },
          { key: 'format', header: 'Formát', render: (b) => FORMAT_LABELS[b.format] },
          { key: 'execution_date', header: 'Splatnost', render: (b) => formatDate(b.execution_date) },
          { key: 'count', header: 'Čerpání', numeric: true, render: (b) => b.item_count },
          { key: 'total', header: 'Celkem', numeric: true, render: (b) => formatCzk(b.total_amount) },
          {
            key: 'file',
            header: 'Soubor',
            render: (b) => (
              <DownloadButton path={`/api/v1/deals/${dealId}/purposes/payments/${b.id}/`} fallbackName={b.file_name}>
                Stáhnout<span className="visually-hidden"> {b.file_name}</span>
              </DownloadButton>
            ),
          },
        ]}
      />
    </Section>
  );
}
