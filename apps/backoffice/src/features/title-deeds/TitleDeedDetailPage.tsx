import { ENCUMBRANCE_LABELS, type TitleDeedDetail, type TitleDeedExtract } from '@lending/contracts';
import { ApiError, withQuery } from '@lending/api-client';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DataTable, EMPTY_VALUE, ErrorState, formatDate, formatMoney, formatNumber, formatOptionalDateTime, Loading, SelectField } from '@lending/ui';
import { parseId } from '../../shared/ids';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { useUrlState } from '../../shared/ui/useUrlState';
import { useHolds, useTitleDeed, useTitleDeedChanges } from './api';
import { ChangesList, deedName, OWNERSHIP_KIND_LABELS, SANDBOX_NOTICE } from './title-deed-format';
import './title-deeds.css';

/** A title-deed extract (`/title-deeds/:id`): its header, the parsed LV, the PDF, the history and the changes. */
export function TitleDeedDetailPage() {
  const id = parseId(useParams().id);
  const { data: deed, error, mutate } = useTitleDeed(id);
  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Výpis nebyl nalezen" />
        <p>
          <Link to="/title-deeds">Zpět na listy vlastnictví</Link>
        </p>
      </>
    );
  }
  if (error && !deed) {
    return (
      <>
        <PageHeader title={`Výpis č. ${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Výpis se nepodařilo načíst." />
      </>
    );
  }
  if (!deed) return <Loading label="Načítám výpis…" />;
  return <DeedView deed={deed} />;
}

function DeedView({ deed }: { deed: TitleDeedDetail }) {
  const holds = useHolds();
  const name = deedName(deed);
  const extract = deed.extract;
  const territory = deed.cadastral_location_name ? `${deed.cadastral_location_name}${deed.cadastral_location_code ? ` (${deed.cadastral_location_code})` : ''}` : (deed.cadastral_location_code ?? EMPTY_VALUE);
  return (
    <>
      <p className="breadcrumbs">
        <Link to="/title-deeds">Listy vlastnictví</Link>
      </p>
      <PageHeader
        title={name}
        documentTitle={`Výpis z listu vlastnictví – ${name}`}
        subtitle={`Stav k ${formatOptionalDateTime(deed.as_of)}`}
        actions={
          <>
            {deed.pdf_url && (
              <DownloadButton path={deed.pdf_url} fallbackName={`lv-${deed.lv_number ?? deed.id}.pdf`} className="button button--secondary">
                Stáhnout PDF
              </DownloadButton>
            )}
            {holds('cadastre.order') && deed.cadastral_location_code && deed.lv_number && (
              <Link className="button" to={withQuery('/title-deeds/order', { cadastral_location_code: deed.cadastral_location_code, code: deed.lv_number })}>
                Objednat nový výpis
              </Link>
            )}
          </>
        }
      />
      {deed.provider === 'sandbox' && (
        <p className="notice" role="note">
          {SANDBOX_NOTICE}
        </p>
      )}
      <Section title="Údaje o výpisu">
        <DescriptionList
          items={[
            { label: 'Katastrální území', value: territory },
            { label: 'List vlastnictví', value: deed.lv_number ?? deed.external_id ?? EMPTY_VALUE },
            { label: 'Stav k', value: formatOptionalDateTime(deed.as_of) },
            { label: 'Staženo', value: formatOptionalDateTime(deed.downloaded_at) },
            { label: 'Cena', value: formatMoney(deed.price) },
            { label: 'Objednal', value: deed.ordered_by?.name ?? EMPTY_VALUE },
            {
              label: 'Nemovitosti v evidenci',
              value: deed.realty_ids.length ? (
                <ul className="plain-list">
                  {deed.realty_ids.map((realtyId) => (
                    <li key={realtyId}>
                      <Link to={`/realties/${realtyId}`}>Nemovitost č. {realtyId}</Link>
                    </li>
                  ))}
                </ul>
              ) : (
                'Žádné'
              ),
            },
          ]}
        />
      </Section>
      {extract ? <ExtractSections extract={extract} /> : <p className="notice">Výpis se nepodařilo rozebrat; jeho obsah je jen v PDF.</p>}
      <ChangesSection deed={deed} />
      <HistorySection deed={deed} />
    </>
  );
}

function ExtractSections({ extract }: { extract: TitleDeedExtract }) {
  const share = (o: TitleDeedExtract['owners'][number]) => `${o.share_numerator}/${o.share_denominator}`;
  return (
    <>
      <Section title="Vlastníci">
        <DataTable
          caption="Vlastníci"
          captionHidden
          rows={extract.owners}
          rowKey={(o) => `${o.name}-${o.birth_number ?? o.company_id ?? ''}-${share(o)}`}
          texts={{ empty: 'Výpis neuvádí žádného vlastníka.' }}
          columns={[
            { key: 'name', header: 'Vlastník', rowHeader: true, render: (o) => o.name },
            { key: 'id', header: 'RČ / IČO', render: (o) => o.birth_number ?? (o.company_id ? `IČO ${o.company_id}` : EMPTY_VALUE) },
            { key: 'address', header: 'Adresa', render: (o) => o.address ?? EMPTY_VALUE },
            { key: 'kind', header: 'Právo', render: (o) => OWNERSHIP_KIND_LABELS[o.kind] },
            { key: 'share', header: 'Podíl', numeric: true, render: share },
          ]}
        />
      </Section>
      <Section title="Nemovitosti">
        <DataTable
          caption="Pozemky"
          rows={extract.parcels}
          rowKey={(p) => p.number}
          texts={{ empty: 'Na listu vlastnictví nejsou žádné pozemky.' }}
          columns={[
            { key: 'number', header: 'Parcela', rowHeader: true, render: (p) => p.number },
            { key: 'area', header: 'Výměra', numeric: true, render: (p) => `${formatNumber(p.area)} m²` },
            { key: 'land_type', header: 'Druh pozemku', render: (p) => p.land_type },
            { key: 'usage', header: 'Způsob využití', render: (p) => p.usage ?? EMPTY_VALUE },
          ]}
        />
        <DataTable
          caption="Stavby"
          rows={extract.buildings}
          rowKey={(b) => `${b.house_number ?? ''}-${b.on_parcel ?? ''}-${b.usage}`}
          texts={{ empty: 'Na listu vlastnictví nejsou žádné stavby.' }}
          columns={[
            { key: 'house_number', header: 'Číslo popisné', rowHeader: true, render: (b) => b.house_number ?? 'bez č. p.' },
            { key: 'part', header: 'Část obce', render: (b) => b.part_of_municipality ?? EMPTY_VALUE },
            { key: 'usage', header: 'Způsob využití', render: (b) => b.usage },
            { key: 'on_parcel', header: 'Na parcele', render: (b) => b.on_parcel ?? EMPTY_VALUE },
          ]}
        />
        <DataTable
          caption="Jednotky"
          rows={extract.units}
          rowKey={(u) => u.number}
          texts={{ empty: 'Na listu vlastnictví nejsou žádné jednotky.' }}
          columns={[
            { key: 'number', header: 'Jednotka', rowHeader: true, render: (u) => u.number },
            { key: 'usage', header: 'Způsob využití', render: (u) => u.usage },
            { key: 'share', header: 'Podíl na společných částech', render: (u) => u.share ?? EMPTY_VALUE },
          ]}
        />
      </Section>
      <Section title="Omezení vlastnického práva">
        <DataTable
          caption="Omezení vlastnického práva"
          captionHidden
          rows={extract.encumbrances}
          rowKey={(e) => `${e.type}-${e.document ?? ''}-${e.description}`}
          texts={{ empty: 'Výpis neuvádí žádné omezení vlastnického práva.' }}
          columns={[
            { key: 'type', header: 'Druh', rowHeader: true, render: (e) => ENCUMBRANCE_LABELS[e.type] },
            { key: 'description', header: 'Popis', render: (e) => e.description },
            { key: 'beneficiary', header: 'Oprávněný', render: (e) => e.beneficiary ?? EMPTY_VALUE },
            { key: 'burdened', header: 'Povinný', render: (e) => e.burdened ?? 'celý list vlastnictví' },
            { key: 'amount', header: 'Částka', numeric: true, render: (e) => formatMoney(e.amount) },
            { key: 'document', header: 'Listina', render: (e) => e.document ?? EMPTY_VALUE },
            { key: 'since', header: 'Účinné od', render: (e) => formatDate(e.since) },
          ]}
        />
      </Section>
    </>
  );
}

const extractLabel = (entry: { id: number; downloaded_at: string | null; as_of: string | null }) =>
  `Výpis č. ${entry.id}${entry.as_of ? `, stav k ${formatOptionalDateTime(entry.as_of)}` : entry.downloaded_at ? `, staženo ${formatOptionalDateTime(entry.downloaded_at)}` : ''}`;

function ChangesSection({ deed }: { deed: TitleDeedDetail }) {
  const selectId = useId();
  const { values, update } = useUrlState(['since']);
  const others = deed.history.filter((h) => h.id !== deed.id);
  const since = parseId(values.since);
  const compared = useTitleDeedChanges(deed.id, since);
  const [chosen, setChosen] = useState(values.since);
  return (
    <>
      <Section title="Změny oproti předchozímu výpisu">
        {deed.previous_id === null ? (
          <p>Jde o první výpis tohoto listu vlastnictví; není s čím porovnat.</p>
        ) : (
          <>
            <p>
              Oproti <Link to={`/title-deeds/${deed.previous_id}`}>výpisu č. {deed.previous_id}</Link>:
            </p>
            <ChangesList changes={deed.changes} label="Změny oproti předchozímu výpisu" />
          </>
        )}
      </Section>
      {others.length > 0 && (
        <Section title="Porovnat s jiným výpisem">
          <form
            className="inline-form inline-form--row"
            aria-label="Porovnání výpisů"
            onSubmit={(event) => {
              event.preventDefault();
              update({ since: chosen || null });
            }}
          >
            <SelectField id={selectId} label="Výpis k porovnání" value={chosen} onChange={setChosen} options={others.map((h) => ({ value: String(h.id), label: extractLabel(h) }))} placeholder="Vyberte výpis" />
            <button type="submit" className="button button--secondary" disabled={!chosen}>
              Porovnat
            </button>
          </form>
          {since !== null &&
            (compared.data ? (
              <>
                <p>
                  Změny od <Link to={`/title-deeds/${since}`}>výpisu č. {since}</Link>:
                </p>
                <ChangesList changes={compared.data} label={`Změny od výpisu č. ${since}`} />
              </>
            ) : compared.error ? (
              <ErrorState error={compared.error} onRetry={() => void compared.mutate()} title="Výpisy se nepodařilo porovnat." />
            ) : (
              <Loading label="Porovnávám výpisy…" />
            ))}
        </Section>
      )}
    </>
  );
}

function HistorySection({ deed }: { deed: TitleDeedDetail }) {
  const others = deed.history.filter((h) => h.id !== deed.id);
  return (
    <Section title="Historie výpisů tohoto listu vlastnictví">
      {others.length === 0 ? (
        <p>Jiný výpis tohoto listu vlastnictví nebyl objednán.</p>
      ) : (
        <ul className="plain-list deed-history">
          {others.map((h) => (
            <li key={h.id}>
              <Link to={`/title-deeds/${h.id}`}>{extractLabel(h)}</Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
