import { FormState, FormType, LeadFormDealType, RealtyType, type StaffApplicationForm, type StaffFormDocument } from '@lending/contracts';
import { ApiError } from '@lending/api-client';
import { type Column, DataTable, EMPTY_VALUE, EmptyState, ErrorState, formatBoolean, formatCzk, formatDateTime, formatNumber, formatOptionalDateTime, Loading } from '@lending/ui';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { DescriptionList, Section, type DescriptionItem } from '../../shared/ui/Layout';
import { useApplicationForm } from './api';

/** Czech labels of what the portal stores in a form (server-side names of backoffice.md §3). */
const dataLabels: Record<string, string> = {
  first_name: 'Jméno',
  last_name: 'Příjmení',
  email: 'E-mail',
  phone: 'Telefon',
  birth_number: 'Rodné číslo',
  identity_card: 'Číslo občanského průkazu',
  permanent_address: 'Trvalé bydliště',
  self_employed_id: 'IČO (podnikání)',
  company_id: 'IČO',
  value: 'Požadovaná výše úvěru',
  installment_value: 'Požadovaná měsíční splátka',
  purpose: 'Účel úvěru',
  have_realty: 'Vlastní nemovitost',
  realty_address: 'Adresa nemovitosti',
  realty_type: 'Druh nemovitosti',
  deal_type: 'Typ úvěru',
  consent: 'Souhlas se zpracováním údajů',
  consent_at: 'Souhlas udělen',
  banking_info_at: 'Bankovní údaje odeslány',
  finished_at: 'Žádost odeslána',
  applied_offer_id: 'Přijatá nabídka (č.)',
};
const timestampKeys = new Set(['consent_at', 'banking_info_at', 'finished_at']);
const moneyKeys = new Set(['value', 'installment_value']);

/** One stored value as a readable Czech text. */
export function formatFormValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return formatBoolean(value);
  if (moneyKeys.has(key) && (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))))) {
    return formatCzk(value);
  }
  if (timestampKeys.has(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  if (key === 'have_realty' && (value === 'yes' || value === 'no')) return value === 'yes' ? 'Ano' : 'Ne';
  if (key === 'realty_type' && typeof value === 'string' && value in RealtyType.labels) return RealtyType.labels[value as RealtyType];
  if (key === 'deal_type' && typeof value === 'string' && value in LeadFormDealType.labels) return LeadFormDealType.labels[value as LeadFormDealType];
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => formatFormValue('', item)).join('; ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.whole_address === 'string') return record.whole_address;
    return Object.entries(record)
      .map(([innerKey, inner]) => `${dataLabels[innerKey] ?? innerKey}: ${formatFormValue(innerKey, inner)}`)
      .join(', ');
  }
  return String(value);
}

function formDataItems(data: Record<string, unknown>): DescriptionItem[] {
  const known = Object.keys(dataLabels).filter((key) => key in data);
  const other = Object.keys(data).filter((key) => !(key in dataLabels));
  return [...known, ...other].map((key) => ({ label: dataLabels[key] ?? key, value: formatFormValue(key, data[key]) }));
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 102.4) / 10)} kB`;
  return `${formatNumber(Math.round(bytes / (1024 * 102.4)) / 10)} MB`;
}

const documentColumns: Column<StaffFormDocument>[] = [
  { key: 'name', header: 'Soubor', rowHeader: true, render: (doc) => <span id={`document-${doc.id}`}>{doc.file_name}</span> },
  { key: 'category', header: 'Druh', render: (doc) => doc.category_label },
  { key: 'size', header: 'Velikost', numeric: true, render: (doc) => formatSize(doc.size) },
  { key: 'created', header: 'Nahráno', render: (doc) => formatDateTime(doc.created_at) },
  { key: 'verified', header: 'Ověřeno', render: (doc) => formatOptionalDateTime(doc.verified_at) },
  {
    key: 'download',
    header: 'Stažení',
    render: (doc) => (
      <DownloadButton path={doc.download_url} fallbackName={doc.file_name}>
        Stáhnout<span className="visually-hidden"> {doc.file_name}</span>
      </DownloadButton>
    ),
  },
];

export function ApplicationFormSection({ leadId, hasForm }: { leadId: number; hasForm: boolean }) {
  const { data: form, error, mutate } = useApplicationForm(hasForm ? leadId : null);

  if (!hasForm) {
    return (
      <Section title="Formulář žádosti">
        <EmptyState>K žádosti nepatří žádný vyplněný formulář.</EmptyState>
      </Section>
    );
  }
  return (
    <>
      <Section title="Formulář žádosti">
        {error && !form ? (
          error instanceof ApiError && error.status === 404 ? (
            <EmptyState>K žádosti nepatří žádný vyplněný formulář.</EmptyState>
          ) : (
            <ErrorState error={error} onRetry={() => void mutate()} />
          )
        ) : !form ? (
          <Loading />
        ) : (
          <FormDetail form={form} />
        )}
      </Section>
      <Section title="Dokumenty">
        {!form ? (
          error ? <EmptyState>Dokumenty nejsou k dispozici.</EmptyState> : <Loading />
        ) : form.documents.length === 0 ? (
          <EmptyState>Žadatel zatím nenahrál žádné dokumenty.</EmptyState>
        ) : (
          <DataTable caption="Dokumenty žádosti" captionHidden columns={documentColumns} rows={form.documents} rowKey={(doc) => doc.id} />
        )}
      </Section>
    </>
  );
}

/** Where the applicant is: a sent application stays open (offers, more documents) until the lead closes. */
export function formProgress(form: Pick<StaffApplicationForm, 'state' | 'data'>): string {
  if (!form.state) return 'Nezahájeno';
  const sentAt = form.data.finished_at;
  if (form.state !== 'CLOSED' && typeof sentAt === 'string' && !Number.isNaN(Date.parse(sentAt))) return `Odeslána žadatelem ${formatDateTime(sentAt)}`;
  return FormState.labels[form.state];
}

function FormDetail({ form }: { form: StaffApplicationForm }) {
  return (
    <>
      <DescriptionList
        items={[
          { label: 'Druh formuláře', value: FormType.labels[form.type] },
          { label: 'Stav vyplnění', value: formProgress(form) },
          { label: 'Nabídka přijata', value: formatBoolean(form.offer_applied) },
          { label: 'Založeno', value: formatDateTime(form.created_at) },
          { label: 'Naposledy změněno', value: formatDateTime(form.updated_at) },
          {
            label: 'Odkaz pro žadatele',
            value: (
              <a href={form.portal_url} target="_blank" rel="noreferrer">
                Otevřít formulář v portálu<span className="visually-hidden"> (nové okno)</span>
              </a>
            ),
          },
        ]}
      />
      <h3>Vyplněné údaje</h3>
      {Object.keys(form.data).length === 0 ? (
        <EmptyState>Žadatel zatím nic nevyplnil.</EmptyState>
      ) : (
        <DescriptionList items={formDataItems(form.data)} />
      )}
    </>
  );
}
