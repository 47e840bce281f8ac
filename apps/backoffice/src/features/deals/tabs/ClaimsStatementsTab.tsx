import { errorMessage } from '@lending/api-client';
import { AllocationProfile, ClaimsStatementState, claimsStatementRequest, type ClaimsStatement, type ClaimsStatementLine } from '@lending/contracts';
import { useState } from 'react';
import { ConfirmDialog, Dialog, EmptyState, enumOptions, ErrorState, formatCzk, formatDate, formatDateTime, Loading, Pagination, SelectField, StatusBadge, type BadgeTone, TableScroll } from '@lending/ui';
import { api, useApi } from '../../../shared/api';
import { businessToday } from '../../../shared/business-date';
import { showToast } from '../../../shared/toast';
import { DownloadButton } from '../../../shared/ui/DownloadButton';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { positiveInt } from '../../../shared/ui/useUrlState';
import { useRevalidateDeal } from '../parts-api';
import { SubResourceForm, type FormField } from './SubResourceForm';
import { useTabUrlState } from './tab-url-state';

// "Vyčíslení": the deal's claims statements (docs/decisions/0036). A statement is computed by
// the API when created; staff read it, save it (the issued document), download the PDF for the
// debtor or the XLSX, and compute again one that a later payment made NOT_VALID.

const PAGE_SIZE = 20;
const LIST_KEYS = ['state', 'page'] as const;

const STATE_TONES: Record<ClaimsStatement['state'], BadgeTone> = { DRAFT: 'info', IN_PROGRESS: 'warning', NOT_VALID: 'danger', SAVED: 'success' };

const fields: FormField[] = [
  { key: 'as_of', label: 'Ke dni', kind: 'date', required: true },
  { key: 'allocation_profile', label: 'Alokační profil', kind: 'select', options: enumOptions(AllocationProfile), hint: 'Nevyplněno: profil obchodu' },
];

const title = (s: ClaimsStatement) => `Vyčíslení č. ${s.id} ke dni ${formatDate(s.as_of)}`;

function LinesTable({ caption, lines }: { caption: string; lines: readonly ClaimsStatementLine[] }) {
  return (
    <TableScroll label={caption}>
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Druh</th>
            <th scope="col">Splatnost</th>
            <th scope="col" className="numeric">Částka</th>
            <th scope="col" className="numeric">Uhrazeno</th>
            <th scope="col" className="numeric">Zbývá</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={`${l.claim_id ?? `p${l.source_claim_id}`}-${i}`}>
              <th scope="row">{l.claim_id === null ? `${l.type_label} (dosud nezaúčtovaný)` : l.type_label}</th>
              <td>{formatDate(l.due_date)}</td>
              <td className="numeric">{formatCzk(l.amount)}</td>
              <td className="numeric">{formatCzk(l.paid)}</td>
              <td className="numeric">{formatCzk(l.remaining)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function StatementDetail({ statement, dealId, canWrite, onChanged, onDeleted }: { statement: ClaimsStatement; dealId: number; canWrite: boolean; onChanged: (s: ClaimsStatement) => Promise<void>; onDeleted: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const params = { dealId, id: statement.id };
  const c = statement.content;
  const run = async (what: string, call: () => Promise<ClaimsStatement>, done: string) => {
    setBusy(true);
    try {
      const next = await call();
      showToast(done);
      await onChanged(next);
    } catch (error) {
      showToast(`${what} se nepodařilo. ${errorMessage(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  const exportPath = (format: 'pdf' | 'xlsx') => `/api/v1/deals/${dealId}/claims-statements/${statement.id}/export/?format=${format}`;
  const fileName = `vycisleni-${c?.contract_number ?? dealId}-${statement.as_of}`;
  const exportable = c !== null && (statement.state === 'DRAFT' || statement.state === 'SAVED');

  return (
    <Section
      title={title(statement)}
      actions={
        <>
          {exportable && (
            <>
              <DownloadButton path={exportPath('pdf')} fallbackName={`${fileName}.pdf`}>
                Stáhnout PDF
              </DownloadButton>
              <DownloadButton path={exportPath('xlsx')} fallbackName={`${fileName}.xlsx`}>
                Stáhnout XLSX
              </DownloadButton>
            </>
          )}
          {canWrite && statement.state === 'DRAFT' && (
            <button type="button" className="button button--small" disabled={busy} aria-busy={busy || undefined} onClick={() => void run('Vyčíslení uložit', () => api.post('/api/v1/deals/{dealId}/claims-statements/{id}/save/', undefined, { params }), 'Vyčíslení bylo uloženo.')}>
              Uložit
            </button>
          )}
          {canWrite && (statement.state === 'NOT_VALID' || statement.state === 'IN_PROGRESS') && (
            <button type="button" className="button button--small" disabled={busy} aria-busy={busy || undefined} onClick={() => void run('Vyčíslení přepočítat', () => api.patch('/api/v1/deals/{dealId}/claims-statements/{id}/', {}, { params }), 'Vyčíslení bylo přepočítáno.')}>
              Přepočítat
            </button>
          )}
          {canWrite && statement.state !== 'SAVED' && (
            <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => setDeleting(true)}>
              Smazat vyčíslení
            </button>
          )}
        </>
      }
    >
      <DescriptionList
        items={[
          { label: 'Stav', value: <StatusBadge label={statement.state_label} tone={STATE_TONES[statement.state]} /> },
          { label: 'Alokační profil', value: statement.allocation_profile_label },
          { label: 'Vypočteno', value: statement.computed_at ? formatDateTime(statement.computed_at) : '—' },
          ...(statement.saved_at ? [{ label: 'Uloženo', value: `${formatDateTime(statement.saved_at)}${statement.saved_by ? `, ${statement.saved_by.email}` : ''}` }] : []),
        ]}
      />
      {statement.state === 'NOT_VALID' && (
        <p role="alert" className="alert">
          Vyčíslení je neplatné: platby obchodu se od výpočtu změnily. Přepočítejte ho, než ho uložíte nebo odešlete dlužníkovi.
        </p>
      )}
      {statement.state === 'SAVED' && statement.invalidated_at && (
        <p role="status" className="notice notice--warning">
          Platby obchodu se po uložení změnily ({formatDateTime(statement.invalidated_at)}). Uložený doklad platí, jak byl vydán; pro aktuální stav vytvořte nové vyčíslení.
        </p>
      )}
      {statement.state === 'IN_PROGRESS' && <p role="status">Vyčíslení se počítá…</p>}
      {c && (
        <>
          {c.due.length ? <LinesTable caption="Splatné pohledávky" lines={c.due} /> : <EmptyState>Ke dni vyčíslení není nic po splatnosti.</EmptyState>}
          {c.not_yet_due_principal.length > 0 && <LinesTable caption="Jistina dosud nesplatná" lines={c.not_yet_due_principal} />}
          <DescriptionList
            items={[
              ...c.totals_by_type.map((t) => ({ label: t.type_label, value: formatCzk(t.remaining) })),
              { label: 'Splatné celkem', value: formatCzk(c.total_due) },
              { label: 'Nesplatná jistina', value: formatCzk(c.total_not_yet_due_principal) },
              { label: 'Celkem', value: formatCzk(c.grand_total) },
              { label: 'Přeplatek (kredit)', value: formatCzk(c.credit) },
            ]}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting}
        title="Smazat vyčíslení"
        message={`Opravdu smazat ${title(statement).toLowerCase()}?`}
        confirmLabel="Smazat"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await api.delete('/api/v1/deals/{dealId}/claims-statements/{id}/', { params });
          showToast('Vyčíslení bylo smazáno.');
          setDeleting(false);
          await onDeleted();
        }}
      />
    </Section>
  );
}

/** "Vyčíslení": the deal's claims statements with their states, one opened in detail. */
export function ClaimsStatementsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { values, update } = useTabUrlState('claims-statements', LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const state = values.state;
  const list = useApi('/api/v1/deals/{dealId}/claims-statements/', { params: { dealId }, query: { page, page_size: PAGE_SIZE, state: state || undefined } }, { keepPreviousData: true });
  const revalidate = useRevalidateDeal(dealId);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useApi(openId === null ? null : '/api/v1/deals/{dealId}/claims-statements/{id}/', { params: { dealId, id: openId } });
  const refresh = async () => {
    await Promise.all([list.mutate(), detail.mutate(), revalidate()]);
  };
  const { data, error } = list;

  return (
    <>
      <Section
        title="Vyčíslení pohledávky"
        actions={
          canWrite ? (
            <button type="button" className="button button--small" onClick={() => setCreating(true)}>
              Nové vyčíslení
            </button>
          ) : undefined
        }
      >
        <SelectField
          id="claims-statements-state"
          label="Stav"
          value={state}
          placeholder="Všechny"
          options={enumOptions(ClaimsStatementState)}
          onChange={(next) => update({ state: next || null })}
        />
        {!data ? (
          error ? (
            <ErrorState error={error} onRetry={() => void list.mutate()} title="Vyčíslení se nepodařilo načíst." />
          ) : (
            <Loading label="Načítám vyčíslení…" />
          )
        ) : data.results.length === 0 ? (
          <EmptyState>{state ? 'V tomto stavu obchod nemá žádné vyčíslení.' : 'K obchodu zatím není žádné vyčíslení.'}</EmptyState>
        ) : (
          <>
            <TableScroll label={`Vyčíslení obchodu #${dealId}`}>
              <table className="table">
                <caption>Vyčíslení obchodu #{dealId}</caption>
                <thead>
                  <tr>
                    <th scope="col">Ke dni</th>
                    <th scope="col">Alokační profil</th>
                    <th scope="col">Stav</th>
                    <th scope="col" className="numeric">Celkem</th>
                    <th scope="col">Vypočteno</th>
                    <th scope="col">
                      <span className="visually-hidden">Akce</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((s) => (
                    <tr key={s.id} aria-current={s.id === openId || undefined}>
                      <th scope="row">{formatDate(s.as_of)}</th>
                      <td>{s.allocation_profile_label}</td>
                      <td>
                        <StatusBadge label={s.state_label} tone={STATE_TONES[s.state]} />
                      </td>
                      <td className="numeric">{s.content ? formatCzk(s.content.grand_total) : '—'}</td>
                      <td>{s.computed_at ? formatDateTime(s.computed_at) : '—'}</td>
                      <td>
                        <button type="button" className="button button--secondary button--small" onClick={() => setOpenId(s.id)}>
                          Zobrazit vyčíslení č. {s.id}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {data.count > PAGE_SIZE && (
              <Pagination label="Stránkování vyčíslení" page={page} pageSize={PAGE_SIZE} count={data.count} onPageChange={(next) => update({ page: next > 1 ? String(next) : null })} />
            )}
          </>
        )}
      </Section>
      {openId !== null &&
        (detail.data ? (
          <StatementDetail
            statement={detail.data}
            dealId={dealId}
            canWrite={canWrite}
            onChanged={async (next) => {
              await detail.mutate(next, { revalidate: false });
              await refresh();
            }}
            onDeleted={async () => {
              setOpenId(null);
              await Promise.all([list.mutate(), revalidate()]);
            }}
          />
        ) : detail.error ? (
          <ErrorState error={detail.error} onRetry={() => void detail.mutate()} title="Vyčíslení se nepodařilo načíst." />
        ) : (
          <Loading label="Načítám vyčíslení…" />
        ))}
      <Dialog open={creating} onClose={() => setCreating(false)} title="Nové vyčíslení">
        {creating && (
          <SubResourceForm
            fields={fields}
            schema={claimsStatementRequest}
            row={{ as_of: businessToday(), allocation_profile: '' }}
            submitLabel="Vytvořit vyčíslení"
            onCancel={() => setCreating(false)}
            onSubmit={async (body) => {
              const created = await api.post('/api/v1/deals/{dealId}/claims-statements/', body, { params: { dealId } });
              showToast(`${title(created)} bylo vytvořeno.`);
              setCreating(false);
              setOpenId(created.id);
              update({ page: null });
              await Promise.all([list.mutate(), revalidate()]);
            }}
          />
        )}
      </Dialog>
    </>
  );
}
