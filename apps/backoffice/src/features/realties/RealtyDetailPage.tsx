import { COLLATERAL_ALERT_LABELS, type CollateralAlertView, type RealtyView } from '@lending/contracts';
import { ApiError, errorMessage } from '@lending/api-client';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type Column, DataTable, EMPTY_VALUE, ErrorState, formatBoolean, formatDate, formatDateTime, formatMoney, formatNumber, Loading } from '@lending/ui';
import { parseId } from '../../shared/ids';
import { showToast } from '../../shared/toast';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { resolveAlert, useGroupEstimations, useHolds, useRealty, useRealtyAlerts, useRevalidateRealties, useTitleDeed } from './api';
import { AlertsBadge, groupName, ltvText, realtyAddress, realtyTypeLabel, titleDeedOrderPath } from './realty-format';
import './realties.css';

/** A realty's screen (`/realties/:id`): its facts, groups and their estimations, title deed extracts and open alerts. */
export function RealtyDetailPage() {
  const id = parseId(useParams().id);
  const { data: realty, error, mutate } = useRealty(id);
  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Nemovitost nebyla nalezena" />
        <p>
          <Link to="/realties">Zpět na seznam nemovitostí</Link>
        </p>
      </>
    );
  }
  if (error && !realty) {
    return (
      <>
        <PageHeader title={`Nemovitost č. ${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Nemovitost se nepodařilo načíst." />
      </>
    );
  }
  if (!realty) return <Loading label="Načítám nemovitost…" />;
  return <RealtyDetailView realty={realty} />;
}

function RealtyDetailView({ realty }: { realty: RealtyView }) {
  const holds = useHolds();
  const address = realtyAddress(realty);
  const area = (value: string | null) => (value ? `${formatNumber(value)} m²` : EMPTY_VALUE);
  return (
    <>
      <p className="breadcrumbs">
        <Link to="/realties">Nemovitosti</Link>
      </p>
      <PageHeader
        title={address}
        subtitle={
          <>
            {realtyTypeLabel(realty.type)}
            {realty.open_alerts > 0 && (
              <>
                {' '}
                <AlertsBadge count={realty.open_alerts} />
              </>
            )}
          </>
        }
        actions={
          holds('cadastre.order') && (
            <Link className="button" to={titleDeedOrderPath(realty.cadastral_area_code, realty.lv_number)}>
              Objednat list vlastnictví
            </Link>
          )
        }
      />
      <Section title="Údaje o nemovitosti">
        <DescriptionList
          items={[
            { label: 'Druh', value: realtyTypeLabel(realty.type) },
            { label: 'Adresa', value: address },
            {
              label: 'Katastrální území',
              value: realty.cadastral_area_name ? `${realty.cadastral_area_name}${realty.cadastral_area_code ? ` (${realty.cadastral_area_code})` : ''}` : (realty.cadastral_area_code ?? EMPTY_VALUE),
            },
            { label: 'List vlastnictví', value: realty.lv_number ?? EMPTY_VALUE },
            { label: 'Parcela', value: realty.parcel_number ?? EMPTY_VALUE },
            { label: 'Jednotka', value: realty.unit_number ?? EMPTY_VALUE },
            { label: 'Podlahová plocha', value: area(realty.floor_area) },
            { label: 'Výměra pozemku', value: area(realty.land_area) },
            {
              label: 'Koupená nemovitost',
              value: realty.purchased_property_id ? <Link to={`/realties/purchased/${realty.purchased_property_id}`}>Koupená nemovitost č. {realty.purchased_property_id}</Link> : 'Ne',
            },
            { label: 'Poznámka', value: realty.note ?? EMPTY_VALUE },
          ]}
        />
      </Section>
      <GroupsSection realty={realty} />
      <EstimationsSection realty={realty} />
      <AlertsSection realty={realty} canResolve={holds('realties.write')} />
      <ExtractsSection realty={realty} />
    </>
  );
}

function GroupsSection({ realty }: { realty: RealtyView }) {
  return (
    <Section title="Skupiny nemovitostí">
      <DataTable
        caption="Skupiny, do nichž nemovitost patří"
        captionHidden
        rows={realty.groups}
        rowKey={(g) => g.id}
        texts={{ empty: 'Nemovitost nepatří do žádné skupiny.' }}
        columns={[
          { key: 'name', header: 'Skupina', rowHeader: true, render: (g) => <Link to={`/realty-groups/${g.id}`}>{groupName(g)}</Link> },
          { key: 'deal', header: 'Obchod', render: (g) => <Link to={`/deals/${g.deal_id}`}>Obchod #{g.deal_id}</Link> },
          { key: 'mortgage', header: 'Zástava', render: (g) => formatBoolean(g.mortgage) },
          { key: 'value', header: 'Poslední odhad', numeric: true, render: (g) => formatMoney(g.latest_value) },
          { key: 'ltv', header: 'LTV', numeric: true, render: (g) => ltvText(g.ltv) },
        ]}
      />
    </Section>
  );
}

function EstimationsSection({ realty }: { realty: RealtyView }) {
  return (
    <Section title="Odhady hodnoty">
      {realty.groups.length === 0 ? <p>Odhady se zadávají u skupin nemovitostí; nemovitost v žádné skupině není.</p> : realty.groups.map((g) => <GroupEstimations key={g.id} group={g} />)}
    </Section>
  );
}

function GroupEstimations({ group }: { group: RealtyView['groups'][number] }) {
  const { data, error, mutate } = useGroupEstimations(group.id);
  return (
    <DataTable
      caption={`Odhady skupiny ${groupName(group)}`}
      rows={data?.results}
      error={error}
      onRetry={() => void mutate()}
      rowKey={(e) => e.id}
      texts={{ loading: 'Načítám odhady…', empty: `Skupina ${groupName(group)} zatím nemá žádný odhad.`, error: 'Odhady se nepodařilo načíst.' }}
      columns={[
        { key: 'estimated_at', header: 'Datum odhadu', rowHeader: true, render: (e) => formatDate(e.estimated_at) },
        { key: 'value', header: 'Odhadní cena', numeric: true, render: (e) => formatMoney(e.value) },
        { key: 'estimator', header: 'Odhadce', render: (e) => e.estimator ?? EMPTY_VALUE },
        { key: 'note', header: 'Poznámka', render: (e) => e.note ?? EMPTY_VALUE },
      ]}
    />
  );
}

function AlertsSection({ realty, canResolve }: { realty: RealtyView; canResolve: boolean }) {
  const dealIds = [...new Set(realty.groups.map((g) => g.deal_id))];
  const alerts = useRealtyAlerts(realty.id, dealIds);
  const revalidate = useRevalidateRealties();
  const [resolving, setResolving] = useState<number | null>(null);

  async function resolve(alert: CollateralAlertView) {
    setResolving(alert.id);
    try {
      await resolveAlert(alert.id);
      showToast('Upozornění bylo vyřízeno.');
      await Promise.all([alerts.mutate(), revalidate()]);
    } catch (failure) {
      showToast(`Upozornění se nepodařilo vyřídit. ${errorMessage(failure)}`, 'error');
    } finally {
      setResolving(null);
    }
  }

  const columns: Column<CollateralAlertView>[] = [
    { key: 'kind', header: 'Druh', rowHeader: true, render: (a) => COLLATERAL_ALERT_LABELS[a.kind] },
    { key: 'description', header: 'Popis', render: (a) => a.description },
    { key: 'created_at', header: 'Zjištěno', render: (a) => formatDateTime(a.created_at) },
    { key: 'deal', header: 'Obchod', render: (a) => <Link to={`/deals/${a.deal_id}`}>Obchod #{a.deal_id}</Link> },
    {
      key: 'title_deed',
      header: 'Výpis',
      render: (a) => (
        <Link to={`/title-deeds/${a.title_deed_id}`}>
          Výpis č. {a.title_deed_id}
          <span className="visually-hidden"> ({COLLATERAL_ALERT_LABELS[a.kind]})</span>
        </Link>
      ),
    },
    ...(canResolve
      ? [
          {
            key: 'actions',
            header: 'Akce',
            render: (a: CollateralAlertView) => (
              <button type="button" className="button button--small" disabled={resolving === a.id} aria-busy={resolving === a.id || undefined} onClick={() => void resolve(a)}>
                Vyřídit<span className="visually-hidden"> upozornění: {COLLATERAL_ALERT_LABELS[a.kind]}</span>
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Section title="Upozornění z katastru">
      {dealIds.length === 0 ? (
        <p>Nemovitost nezajišťuje žádný obchod; katastr se u ní nehlídá.</p>
      ) : (
        <DataTable
          caption="Nevyřízená upozornění"
          captionHidden
          rows={alerts.data}
          error={alerts.error}
          onRetry={() => void alerts.mutate()}
          rowKey={(a) => a.id}
          columns={columns}
          texts={{ loading: 'Načítám upozornění…', empty: 'Žádná nevyřízená upozornění.', error: 'Upozornění se nepodařilo načíst.' }}
        />
      )}
    </Section>
  );
}

function ExtractsSection({ realty }: { realty: RealtyView }) {
  const { data: deed, error, mutate } = useTitleDeed(realty.title_deed?.id ?? null);
  if (!realty.title_deed) {
    return (
      <Section title="Výpisy z listu vlastnictví">
        <p>K nemovitosti zatím nebyl objednán žádný výpis.</p>
      </Section>
    );
  }
  const extracts = deed ? [{ id: deed.id, downloaded_at: deed.downloaded_at, as_of: deed.as_of }, ...deed.history.filter((h) => h.id !== deed.id)] : undefined;
  return (
    <Section title="Výpisy z listu vlastnictví">
      <DataTable
        caption="Výpisy z listu vlastnictví nemovitosti"
        captionHidden
        rows={extracts}
        error={error}
        onRetry={() => void mutate()}
        rowKey={(e) => e.id}
        texts={{ loading: 'Načítám výpisy…', error: 'Výpisy se nepodařilo načíst.' }}
        columns={[
          {
            key: 'extract',
            header: 'Výpis',
            rowHeader: true,
            render: (e) => (
              <Link to={`/title-deeds/${e.id}`}>
                Výpis č. {e.id}
                {e.id === realty.title_deed?.id ? ' (poslední)' : ''}
              </Link>
            ),
          },
          { key: 'as_of', header: 'Stav k', render: (e) => (e.as_of ? formatDateTime(e.as_of) : EMPTY_VALUE) },
          { key: 'downloaded_at', header: 'Staženo', render: (e) => (e.downloaded_at ? formatDateTime(e.downloaded_at) : EMPTY_VALUE) },
        ]}
      />
    </Section>
  );
}
