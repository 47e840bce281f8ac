import { DealState, IdentificationType, LeadState, type PersonDetail, type PersonLead, type PersonSummary } from '@lending/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../shared/api';
import { ApiError, errorMessage } from '@lending/api-client';
import { Dialog, EmailAddress, EMPTY_VALUE, ErrorState, formatBoolean, formatDate, formatDateTime, formatPhone, Loading } from '@lending/ui';
import { parseId } from '../../shared/ids';
import { showToast } from '../../shared/toast';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { usePermissions } from '../../shared/current-user';
import { AddressesSection } from './AddressesSection';
import { personPaths, usePerson, usePersonSummary, useRevalidatePerson } from './api';
import { ContactsSection } from './ContactsSection';
import { BlacklistSection, LabelsSection } from './LabelsSection';
import { EDIT_REVEAL_REASON, REVEAL_NOTE, useIdentifierReveal } from './identifiers';
import { PersonEditForm } from './PersonEditForm';
import { PersonFlags } from './PersonFlags';
import { DistraintsSection, RealtyRightsSection, RelatedDealsSection, RelatedLeadsSection } from './RelatedSections';
import { ScreeningsSection } from './ScreeningsSection';

export function PersonDetailPage() {
  const id = parseId(useParams().id);
  const { data: person, error, mutate } = usePerson(id);

  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Osoba nebyla nalezena" />
        <p>
          <Link to="/persons">Zpět na seznam osob</Link>
        </p>
      </>
    );
  }
  if (error && !person) {
    return (
      <>
        <PageHeader title={`Osoba #${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Osobu se nepodařilo načíst." />
      </>
    );
  }
  if (!person) return <Loading label="Načítám osobu…" />;
  // Keyed: revealed identifiers belong to this person's page and go when another person opens.
  return <PersonDetailView key={person.id} person={person} />;
}

function PersonDetailView({ person }: { person: PersonDetail }) {
  const may = usePermissions();
  const navigate = useNavigate();
  const summary = usePersonSummary(person.id);
  const revalidate = useRevalidatePerson(person.id);
  const [editing, setEditing] = useState(false);
  const [creatingLead, setCreatingLead] = useState(false);
  const onChanged = () => void revalidate();
  // The detail masks the birth number and identity card for every role; a role that may read
  // them asks for them (audited) by "Zobrazit", and the edit form asks before it opens
  // (docs/decisions/0046), so it never shows or sends the masked values.
  const mayReveal = may('persons.identifiers.read') && person.identification_type !== 'ICO';
  // Nothing to reveal (and nothing to record) when the person has neither.
  const masked = person.birth_number !== null || person.identity_card !== null;
  const shown = useIdentifierReveal(person.id);
  const forEdit = useIdentifierReveal(person.id);
  const noteId = useId();
  const editIdentifiers = !mayReveal ? null : masked ? forEdit.revealed : { birth_number: null, identity_card: null };

  function openEdit() {
    setEditing(true);
    if (mayReveal && masked) void forEdit.reveal(EDIT_REVEAL_REASON);
  }

  function closeEdit() {
    setEditing(false);
    forEdit.hide();
  }

  async function createLead() {
    setCreatingLead(true);
    try {
      const lead = await api.post<PersonLead>(personPaths.createLead(person.id));
      showToast(`Žádost #${lead.id} byla založena.`);
      void revalidate();
      navigate(`/leads/${lead.id}`);
    } catch (error) {
      showToast(`Žádost se nepodařilo založit. ${errorMessage(error)}`, 'error');
      setCreatingLead(false);
    }
  }

  const createLeadButton = may('leads.write') ? (
    <button type="button" className="button" disabled={creatingLead} onClick={() => void createLead()}>
      {creatingLead ? 'Zakládám…' : 'Založit žádost'}
    </button>
  ) : undefined;

  return (
    <>
      <p className="breadcrumbs">
        <Link to="/persons">Osoby</Link>
      </p>
      <PageHeader
        title={summary.data?.name || person.name || `Osoba #${person.id}`}
        subtitle={
          <>
            {IdentificationType.labels[person.identification_type]}:{' '}
            {(summary.data?.identification ?? person.birth_number ?? person.company_id) || EMPTY_VALUE} <PersonFlags person={person} empty={null} />
          </>
        }
        actions={
          <>
            {createLeadButton}
            {may('persons.write') && (
              <button type="button" className="button button--secondary" onClick={openEdit}>
                Upravit údaje
              </button>
            )}
          </>
        }
      />

      {summary.data ? <SummaryCards summary={summary.data} /> : summary.error ? null : <Loading label="Načítám přehled osoby…" />}

      <div className="detail-grid">
        <Section title="Identifikace">
          <DescriptionList
            items={[
              { label: 'Druh osoby', value: person.identification_type === 'ICO' ? 'Právnická osoba' : 'Fyzická osoba' },
              ...(person.identification_type === 'ICO'
                ? [{ label: 'Název firmy', value: person.company_name ?? EMPTY_VALUE }]
                : [
                    { label: 'Jméno', value: person.first_name ?? EMPTY_VALUE },
                    { label: 'Příjmení', value: person.last_name ?? EMPTY_VALUE },
                    {
                      label: 'Rodné číslo',
                      value: (
                        <>
                          {(shown.revealed ? shown.revealed.birth_number : person.birth_number) ?? EMPTY_VALUE}
                          {mayReveal && masked && !shown.revealed && (
                            <>
                              {' '}
                              <button
                                type="button"
                                className="button button--secondary button--small"
                                aria-label="Zobrazit rodné číslo a číslo občanského průkazu"
                                aria-describedby={noteId}
                                disabled={shown.revealing}
                                aria-busy={shown.revealing || undefined}
                                onClick={() => void shown.reveal()}
                              >
                                {shown.revealing ? 'Zobrazuji…' : 'Zobrazit'}
                              </button>
                            </>
                          )}
                          {mayReveal && masked && (
                            <p id={noteId} className="cell-note">
                              {REVEAL_NOTE}
                            </p>
                          )}
                          {Boolean(shown.error) && (
                            <p role="alert" className="field__error">
                              Rodné číslo a číslo průkazu se nepodařilo zobrazit. {errorMessage(shown.error)}
                            </p>
                          )}
                        </>
                      ),
                    },
                    { label: 'Datum narození', value: formatDate(person.birth_date) },
                    { label: 'Číslo občanského průkazu', value: (shown.revealed ? shown.revealed.identity_card : person.identity_card) ?? EMPTY_VALUE },
                  ]),
              { label: 'IČO', value: person.company_id ?? EMPTY_VALUE },
              { label: 'E-mail', value: person.email ? <EmailAddress value={person.email} /> : EMPTY_VALUE },
              { label: 'Telefon', value: formatPhone(person.phone_e164, person.phone) || EMPTY_VALUE },
              { label: 'Státní občanství', value: person.citizenship ?? EMPTY_VALUE },
              { label: 'Interní osoba', value: formatBoolean(person.is_internal) },
              { label: 'Exekuce', value: formatBoolean(person.has_execution) },
              { label: 'Insolvence', value: formatBoolean(person.has_insolvency) },
              ...(person.external_id ? [{ label: 'ID v CRM', value: person.external_id }] : []),
              { label: 'Poznámka', value: person.note ?? EMPTY_VALUE },
              { label: 'Založeno', value: formatDateTime(person.created_at) },
            ]}
          />
        </Section>
        <div className="stack">
          <LabelsSection personId={person.id} labels={person.labels} canWrite={may('notes.write')} onChanged={onChanged} />
          <BlacklistSection personId={person.id} entries={person.blacklist_entries} canWrite={may('persons.write')} onChanged={onChanged} />
        </div>
      </div>

      <AddressesSection personId={person.id} addresses={person.addresses} canWrite={may('persons.contacts.write')} onChanged={onChanged} />
      <ContactsSection personId={person.id} contacts={person.contacts} canWrite={may('persons.contacts.write')} onChanged={onChanged} />
      <RelatedLeadsSection personId={person.id} />
      <RelatedDealsSection personId={person.id} canWrite={may('deals.originate')} />
      <ScreeningsSection personId={person.id} canWrite={may('leads.write')} onSettled={onChanged} />
      <DistraintsSection personId={person.id} canWrite={may('persons.records.write')} onChanged={onChanged} />
      <RealtyRightsSection personId={person.id} />

      <Dialog open={editing} onClose={closeEdit} title="Upravit údaje osoby" wide>
        {!mayReveal || editIdentifiers ? (
          <PersonEditForm
            person={person}
            identifiers={editIdentifiers}
            onCancel={closeEdit}
            onSaved={() => {
              closeEdit();
              // What was shown may have just changed: masked again until asked anew.
              shown.hide();
              onChanged();
            }}
          />
        ) : forEdit.error ? (
          <ErrorState error={forEdit.error} onRetry={() => void forEdit.reveal(EDIT_REVEAL_REASON)} title="Rodné číslo a číslo průkazu se nepodařilo načíst." />
        ) : (
          <Loading label="Načítám rodné číslo a číslo průkazu…" />
        )}
      </Dialog>
    </>
  );
}

function SummaryCards({ summary }: { summary: PersonSummary }) {
  const activeDeals = summary.deals.by_state.ACTIVE ?? 0;
  const openLeads = LeadState.values
    .filter((state) => state !== 'CLOSED' && state !== 'CONVERTED')
    .reduce((sum, state) => sum + (summary.leads.by_state[state] ?? 0), 0);
  const cards = [
    { label: 'Žádosti', value: summary.leads.total, note: `otevřené: ${openLeads}` },
    { label: 'Obchody', value: summary.deals.total, note: `${DealState.labels.ACTIVE.toLowerCase()}: ${activeDeals}` },
    { label: 'Probíhající exekuce', value: summary.open_distraints, note: `celkem evidováno: ${summary.distraints_total}` },
    { label: 'Práva k nemovitostem', value: summary.realty_rights, note: null },
  ];
  return (
    <ul className="summary-cards" aria-label="Přehled osoby">
      {cards.map((card) => (
        <li key={card.label} className="summary-card">
          <span className="summary-card__label">{card.label}</span>
          <span className="summary-card__value">{card.value}</span>
          {card.note && <span className="summary-card__note">{card.note}</span>}
        </li>
      ))}
    </ul>
  );
}
