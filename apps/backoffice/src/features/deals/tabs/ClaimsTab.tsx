import {
  claimCreateRequest,
  claimPatch,
  CLAIMS_GROUP_TYPES,
  claimsGroupPatch,
  ClaimType,
  MANUAL_CLAIM_TYPES,
  sumMoney,
  type ClaimCreateRequest,
  type ClaimsGroupKind,
  type ClaimsGroupPatch,
  type ClaimPatch,
  type ClaimsGroupView,
  type ClaimView,
} from '@lending/contracts';
import { errorMessage } from '@lending/api-client';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  ConfirmDialog,
  DataTable,
  DEFAULT_PAGE_SIZE,
  Dialog,
  enumOptions,
  ErrorSummary,
  FilterBar,
  formatCzk,
  formatDate,
  formatMoney,
  MoneyField,
  Pagination,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  StatusBadge,
  TextAreaField,
  TextField,
  YesNoAnyField,
  type Column,
} from '@lending/ui';
import { api } from '../../../shared/api';
import { businessToday } from '../../../shared/business-date';
import { amountFromInput, amountToInput, intOrText, textOrNull, validate } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { afterFourEyes } from '../../../shared/four-eyes';
import { PersonPicker } from '../../../shared/ui/PersonPicker';
import { useForm } from '../../../shared/useForm';
import { FormActions } from '../../../shared/ui/EditableList';
import { ExportButtons } from '../../../shared/ui/ExportButtons';
import { Section } from '../../../shared/ui/Layout';
import { ListResults } from '../../../shared/ui/ListResults';
import { positiveInt } from '../../../shared/ui/useUrlState';
import { useFilterDraft } from '../../../shared/useFilterDraft';
import { claimsExportPath, groupKindOf, useClaims, useClaimsGroups, useDealFacts, useDealModels, useRevalidateDeal } from '../model-api';
import { formatRate } from './model-format';
import { useTabUrlState } from './tab-url-state';

const FILTER_KEYS = ['type', 'creditor', 'date_from', 'date_to', 'cancelled'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const LIST_KEYS = [...FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
const DEFAULT_ORDERING = 'due_date';

const FILTER_LABELS: Record<FilterKey, string> = {
  type: 'Typ pohledávky',
  creditor: 'Věřitel',
  date_from: 'Splatnost od',
  date_to: 'Splatnost do',
  cancelled: 'Včetně zrušených',
};

const GROUP_TITLES: Record<ClaimsGroupKind, string> = {
  REGULAR: 'Splátky (skupiny pohledávek)',
  LEASE: 'Nájemné po obdobích (skupiny pohledávek)',
  LEASEBACK: 'Zpětný nájem a odkup (skupiny pohledávek)',
};

/** A claim's or group's state at a glance: cancelled, overdue (due before today, not paid) or paid. */
function ClaimState({ item, today }: { item: { cancelled_at: string | null; due_date: string; outstanding: string; paid_amount: string }; today: string }) {
  if (item.cancelled_at) return <StatusBadge label="Zrušená" tone="neutral" />;
  if (item.outstanding !== '0.00' && item.due_date < today) return <StatusBadge label="Po splatnosti" tone="danger" />;
  if (item.outstanding === '0.00') return <StatusBadge label="Uhrazená" tone="success" />;
  if (item.paid_amount !== '0.00') return <StatusBadge label="Částečně uhrazená" tone="warning" />;
  return <StatusBadge label="Neuhrazená" tone="info" />;
}

/** The type in Czech; penalty interest names the claim it accrues on, its rate and how far it is accrued. */
function ClaimTypeCell({ claim }: { claim: ClaimView }) {
  return (
    <>
      {ClaimType.labels[claim.type]}
      {claim.type === 'PENALTY_INTEREST' && (
        <span className="field__hint">
          {' '}
          z pohledávky č. {claim.source_claim_id ?? '—'}, sazba {formatRate(claim.rate)} ročně
          {claim.accrued_through && `, naúčtováno do ${formatDate(claim.accrued_through)}`}
        </span>
      )}
      {claim.description && <span className="field__hint"> {claim.description}</span>}
    </>
  );
}

/** What claim-rules.ts lets staff change by hand: a live claim with nothing paid, not penalty interest. */
const changeable = (claim: ClaimView) => !claim.cancelled_at && claim.paid_amount === '0.00' && claim.type !== 'PENALTY_INTEREST';

function claimColumns(today: string, actions?: (claim: ClaimView) => ReactNode): Column<ClaimView>[] {
  return [
    { key: 'id', header: 'Č.', sortKey: 'id', numeric: true, render: (claim) => claim.id },
    { key: 'type', header: 'Typ', sortKey: 'type', rowHeader: true, render: (claim) => <ClaimTypeCell claim={claim} /> },
    { key: 'due_date', header: 'Splatnost', sortKey: 'due_date', render: (claim) => formatDate(claim.due_date) },
    { key: 'amount', header: 'Částka', sortKey: 'amount', numeric: true, render: (claim) => formatCzk(claim.amount) },
    { key: 'paid', header: 'Uhrazeno', sortKey: 'paid_amount', numeric: true, render: (claim) => formatCzk(claim.paid_amount) },
    { key: 'outstanding', header: 'Zbývá', numeric: true, render: (claim) => formatCzk(claim.outstanding) },
    { key: 'state', header: 'Stav', render: (claim) => <ClaimState item={claim} today={today} /> },
    { key: 'creditor', header: 'Věřitel', render: (claim) => (claim.creditor_id ? <Link to={`/persons/${claim.creditor_id}`}>Osoba č. {claim.creditor_id}</Link> : 'Věřitel obchodu') },
    ...(actions ? [{ key: 'actions', header: 'Akce', render: actions }] : []),
  ];
}

export function ClaimsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const today = businessToday();
  const { data: deal } = useDealFacts(dealId);
  const { values, search, update } = useTabUrlState('claims', LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_ORDERING;
  const filters: Record<string, string> = { ordering };
  for (const key of FILTER_KEYS) if (values[key]) filters[key] = values[key];
  const list = useClaims(dealId, { page, page_size: pageSize, ...filters });
  const revalidate = useRevalidateDeal(dealId);

  const [editing, setEditing] = useState<{ claim: ClaimView | null } | null>(null);
  const [cancelling, setCancelling] = useState<ClaimView | null>(null);
  // Claims are entered by hand only on a deal being serviced (create-claim.ts).
  const serviced = deal?.state === 'ACTIVE' || deal?.state === 'FILED_FOR_INSOLVENCY';

  const actions = canWrite
    ? (claim: ClaimView) =>
        changeable(claim) ? (
          <div className="row-actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing({ claim })}>
              Upravit<span className="visually-hidden"> pohledávku č. {claim.id}</span>
            </button>
            <button type="button" className="button button--danger-ghost button--small" onClick={() => setCancelling(claim)}>
              Zrušit<span className="visually-hidden"> pohledávku č. {claim.id}</span>
            </button>
          </div>
        ) : null
    : undefined;

  return (
    <>
      <Section
        title="Pohledávky"
        actions={
          <>
            <ExportButtons path={(format) => claimsExportPath(dealId, format, filters)} fileName={`pohledavky-${dealId}`} />
            {canWrite && serviced && (
              <button type="button" className="button button--small" onClick={() => setEditing({ claim: null })}>
                Přidat pohledávku
              </button>
            )}
          </>
        }
      >
        <ClaimFilters key={search} initial={values} onApply={update} />
        <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'pohledávka', 'pohledávky', 'pohledávek')}.` : null} />
        <ListResults
          list={list}
          columns={claimColumns(today, actions)}
          rowKey={(claim) => claim.id}
          ordering={ordering}
          page={page}
          pageSize={pageSize}
          update={update}
          texts={{
            caption: 'Pohledávky obchodu',
            error: 'Pohledávky se nepodařilo načíst.',
            loading: 'Načítám pohledávky…',
            empty: 'Žádné pohledávky neodpovídají filtru.',
            pagination: 'Stránkování pohledávek',
          }}
        />
      </Section>

      <ClaimsGroupsSection dealId={dealId} canWrite={canWrite} today={today} />

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.claim ? `Upravit pohledávku č. ${editing.claim.id}` : 'Přidat pohledávku'}>
        {editing && (
          <ClaimForm
            dealId={dealId}
            claim={editing.claim}
            onDone={async () => {
              setEditing(null);
              await revalidate();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={cancelling !== null}
        title="Zrušit pohledávku?"
        message={cancelling ? `Pohledávka č. ${cancelling.id} (${ClaimType.labels[cancelling.type]}, ${formatCzk(cancelling.amount)}) bude zrušena. Zůstane v historii obchodu.` : ''}
        confirmLabel="Zrušit pohledávku"
        onConfirm={async () => {
          if (!cancelling) return;
          const answer = await api.delete('/api/v1/deals/{dealId}/claims/{id}/', { params: { dealId, id: cancelling.id } });
          afterFourEyes(answer, () => showToast(`Pohledávka č. ${cancelling.id} byla zrušena.`));
          await revalidate();
        }}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}

function ClaimFilters({ initial, onApply }: { initial: Record<FilterKey, string>; onApply: (patch: Partial<Record<FilterKey, string | null>>) => void }) {
  const { draft, setErrors, bind } = useFilterDraft(FILTER_KEYS, initial, FILTER_LABELS);
  return (
    <FilterBar
      label="Filtr pohledávek"
      onSubmit={() => {
        const cleaned = Object.fromEntries(FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Record<FilterKey, string>;
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.date_from && cleaned.date_to && cleaned.date_from > cleaned.date_to) found.date_to = 'Konec období musí být po jeho začátku.';
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
    >
      <SelectField {...bind('type')} options={enumOptions(ClaimType)} placeholder="Všechny" />
      <TextField {...bind('date_from')} type="date" />
      <TextField {...bind('date_to')} type="date" />
      <PersonPicker {...bind('creditor')} emptyLabel="Všichni věřitelé" />
      <YesNoAnyField {...bind('cancelled')} />
    </FilterBar>
  );
}

const CLAIM_LABELS = { type: 'Typ pohledávky', due_date: 'Splatnost', amount: 'Částka', description: 'Popis', creditor: 'Věřitel' };

function ClaimForm({ dealId, claim, onDone, onCancel }: { dealId: number; claim: ClaimView | null; onDone: () => Promise<void>; onCancel: () => void }) {
  const form = useForm(
    () => ({
      type: claim?.type ?? '',
      due_date: claim?.due_date ?? '',
      amount: amountToInput(claim?.amount),
      description: claim?.description ?? '',
      creditor: claim?.creditor_id ? String(claim.creditor_id) : '',
    }),
    CLAIM_LABELS,
  );
  // A claim of a group is due with the group; a loan installment's principal is the model's (claim-rules.ts).
  const inGroup = Boolean(claim?.claims_group_id);
  const fixedAmount = inGroup && claim?.type === 'PRINCIPAL';
  const common = (values: typeof form.values) => ({
    description: textOrNull(values.description),
    creditor: values.creditor.trim() === '' ? null : intOrText(values.creditor),
  });
  const onSubmit = claim
    ? form.handleSubmit(
        (values) =>
          validate(claimPatch, {
            ...(inGroup ? {} : { due_date: values.due_date || undefined }),
            ...(fixedAmount ? {} : { amount: amountFromInput(values.amount) }),
            ...common(values),
          }),
        async (body: ClaimPatch) => {
          const answer = await api.patch('/api/v1/deals/{dealId}/claims/{id}/', body, { params: { dealId, id: claim.id } });
          afterFourEyes(answer, () => showToast(`Pohledávka č. ${claim.id} byla upravena.`));
          await onDone();
        },
      )
    : form.handleSubmit(
        (values) =>
          validate(claimCreateRequest, { type: values.type || undefined, due_date: values.due_date || undefined, amount: amountFromInput(values.amount), ...common(values) }),
        async (body: ClaimCreateRequest) => {
          const answer = await api.post('/api/v1/deals/{dealId}/claims/', body, { params: { dealId } });
          afterFourEyes(answer, (created) => showToast(`Pohledávka č. ${created.id} byla přidána.`));
          await onDone();
        },
      );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        {claim ? (
          <p>
            {ClaimType.labels[claim.type]}
            {inGroup && ' ze skupiny: splatnost se mění na celé skupině.'}
          </p>
        ) : (
          <SelectField
            {...form.field('type')}
            label={CLAIM_LABELS.type}
            required
            placeholder="Vyberte typ"
            options={MANUAL_CLAIM_TYPES.map((type) => ({ value: type, label: ClaimType.labels[type] }))}
          />
        )}
        {!inGroup && <TextField {...form.field('due_date')} label={CLAIM_LABELS.due_date} type="date" required />}
        {!fixedAmount && <MoneyField {...form.field('amount')} label={CLAIM_LABELS.amount} required />}
        <PersonPicker {...form.field('creditor')} label={CLAIM_LABELS.creditor} emptyLabel="Věřitel obchodu" />
      </div>
      <TextAreaField {...form.field('description')} label={CLAIM_LABELS.description} />
      <FormActions submitting={form.submitting} submitLabel={claim ? 'Uložit pohledávku' : 'Přidat pohledávku'} onCancel={onCancel} />
    </form>
  );
}

function ClaimsGroupsSection({ dealId, canWrite, today }: { dealId: number; canWrite: boolean; today: string }) {
  const models = useDealModels(dealId);
  const kind = groupKindOf(models.rows);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const groups = useClaimsGroups(dealId, kind, { page, page_size: pageSize, ordering: 'due_date' });
  const revalidate = useRevalidateDeal(dealId);
  const [open, setOpen] = useState<ClaimsGroupView | null>(null);
  const [editing, setEditing] = useState<ClaimsGroupView | null>(null);
  const [recomputing, setRecomputing] = useState(false);

  const columns: Column<ClaimsGroupView>[] = [
    { key: 'number', header: 'Č.', numeric: true, render: (group) => group.number },
    { key: 'due_date', header: 'Splatnost', rowHeader: true, render: (group) => formatDate(group.due_date) },
    ...(kind === 'REGULAR'
      ? []
      : [{ key: 'period', header: 'Období', render: (group: ClaimsGroupView) => (group.period_from ? `${formatDate(group.period_from)} – ${formatDate(group.period_to)}` : '—') }]),
    { key: 'amount', header: 'Částka', numeric: true, render: (group) => formatCzk(group.amount) },
    { key: 'paid', header: 'Uhrazeno', numeric: true, render: (group) => formatCzk(group.paid_amount) },
    { key: 'outstanding', header: 'Zbývá', numeric: true, render: (group) => formatCzk(group.outstanding) },
    ...(kind === 'REGULAR' ? [{ key: 'balance', header: 'Zůstatek jistiny', numeric: true, render: (group: ClaimsGroupView) => formatMoney(group.balance) }] : []),
    { key: 'state', header: 'Stav', render: (group) => <ClaimState item={group} today={today} /> },
    {
      key: 'claims',
      header: 'Pohledávky',
      render: (group) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => setOpen(group)}>
            Zobrazit {pluralize(group.claims.length, 'pohledávku', 'pohledávky', 'pohledávek')}
            <span className="visually-hidden"> skupiny č. {group.number}</span>
          </button>
          {canWrite && groupChangeable(group, today) && (
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing(group)}>
              Upravit<span className="visually-hidden"> skupinu č. {group.number}</span>
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Section
      title={GROUP_TITLES[kind]}
      actions={
        canWrite && kind === 'LEASE' ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={recomputing}
            aria-busy={recomputing || undefined}
            onClick={async () => {
              setRecomputing(true);
              try {
                const result = await api.post('/api/v1/deals/{dealId}/claims-group-lease/recompute/', undefined, { params: { dealId } });
                showToast(
                  result.cancelled_groups + result.created_groups === 0
                    ? 'Nájemné odpovídá platnému modelu, nic se nezměnilo.'
                    : `Nájemné přepočteno podle platného modelu. Budoucí období: zrušená ${result.cancelled_groups}, nová ${result.created_groups}, beze změny ${result.kept_groups}.`,
                );
                await revalidate();
              } catch (error) {
                showToast(`Nájemné se nepodařilo přepočítat. ${errorMessage(error)}`, 'error');
              } finally {
                setRecomputing(false);
              }
            }}
          >
            Přepočítat
          </button>
        ) : undefined
      }
    >
      <DataTable
        caption={GROUP_TITLES[kind]}
        captionHidden
        columns={columns}
        rows={groups.data?.results}
        rowKey={(group) => group.id}
        error={groups.error}
        onRetry={() => void groups.mutate()}
        texts={{ loading: 'Načítám skupiny pohledávek…', error: 'Skupiny pohledávek se nepodařilo načíst.', empty: 'Obchod zatím nemá žádné skupiny pohledávek; vzniknou aktivací obchodu.' }}
      />
      {groups.data && groups.data.count > pageSize && (
        <Pagination
          label="Stránkování skupin pohledávek"
          page={page}
          pageSize={pageSize}
          count={groups.data.count}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Upravit skupinu č. ${editing.number}` : ''}>
        {editing && (
          <ClaimsGroupForm
            dealId={dealId}
            kind={kind}
            group={editing}
            today={today}
            onCancel={() => setEditing(null)}
            onDone={async () => {
              setEditing(null);
              await revalidate();
            }}
          />
        )}
      </Dialog>
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? `Pohledávky skupiny č. ${open.number} (splatnost ${formatDate(open.due_date)})` : ''} wide>
        {open && (
          <DataTable
            caption={`Pohledávky skupiny č. ${open.number}`}
            captionHidden
            columns={claimColumns(today)}
            rows={open.claims}
            rowKey={(claim) => claim.id}
            texts={{ empty: 'Skupina nemá žádné pohledávky.' }}
          />
        )}
      </Dialog>
    </Section>
  );
}

/** What the API lets staff change (group-rules.ts): a live group not yet due, nothing paid on it. */
function groupChangeable(group: ClaimsGroupView, today: string): boolean {
  return group.cancelled_at === null && group.due_date >= today && group.claims.every((claim) => sumMoney([claim.paid_amount]) === '0.00');
}

const GROUP_PATHS = {
  REGULAR: '/api/v1/deals/{dealId}/claims-group/{id}/',
  LEASE: '/api/v1/deals/{dealId}/claims-group-lease/{id}/',
  LEASEBACK: '/api/v1/deals/{dealId}/claims-group-leaseback/{id}/',
} as const;

/**
 * A future group's due date, note and amounts by claim type ("0" cancels that claim, a type it
 * lacks is added); a loan installment's principal is the model's, so it is not offered.
 */
function ClaimsGroupForm({ dealId, kind, group, today, onDone, onCancel }: { dealId: number; kind: ClaimsGroupKind; group: ClaimsGroupView; today: string; onDone: () => Promise<void>; onCancel: () => void }) {
  const types = CLAIMS_GROUP_TYPES[kind].filter((type) => type !== 'PRINCIPAL');
  const current = (type: ClaimType) => sumMoney(group.claims.filter((c) => c.type === type && c.cancelled_at === null).map((c) => c.amount));
  const labels = { due_date: 'Splatnost', note: 'Poznámka', ...Object.fromEntries(types.map((type) => [`amounts.${type}`, ClaimType.labels[type]])) };
  const form = useForm(() => ({ due_date: group.due_date, note: group.note ?? '', ...Object.fromEntries(types.map((type) => [`amounts.${type}`, amountToInput(current(type))])) }) as Record<string, string>, labels);
  const onSubmit = form.handleSubmit(
    (values) => {
      // Only what changed: an unchanged amount is not re-sent (the API would re-write the claim for nothing).
      const amounts = Object.fromEntries(
        types.flatMap((type) => {
          const sent = amountFromInput(values[`amounts.${type}`] ?? '') ?? '0';
          const unchanged = /^\d+(\.\d+)?$/.test(sent) && sumMoney([sent]) === current(type);
          return unchanged ? [] : [[type, sent]];
        }),
      );
      return validate(claimsGroupPatch, {
        ...(values.due_date !== group.due_date ? { due_date: values.due_date || undefined } : {}),
        note: textOrNull(values.note ?? ''),
        ...(Object.keys(amounts).length ? { amounts } : {}),
      });
    },
    async (body: ClaimsGroupPatch) => {
      const answer = await api.patch(GROUP_PATHS[kind], body, { params: { dealId, id: group.id } });
      afterFourEyes(answer, () => showToast(`Skupina č. ${group.number} byla upravena.`));
      await onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <TextField {...form.field('due_date')} label={labels.due_date} type="date" required min={today} hint="Posune splatnost všech pohledávek skupiny" />
        {types.map((type) => (
          <MoneyField key={type} {...form.field(`amounts.${type}`)} label={ClaimType.labels[type]} hint="0 zruší pohledávku tohoto typu" />
        ))}
      </div>
      <TextAreaField {...form.field('note')} label={labels.note} />
      <FormActions submitting={form.submitting} submitLabel="Uložit skupinu" onCancel={onCancel} />
    </form>
  );
}
