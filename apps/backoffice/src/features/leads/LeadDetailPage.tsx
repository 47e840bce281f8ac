import { DealType, formTypeOfDealType, LeadSource, LeadState, PersonRole, type LeadAction, type LeadDetail, type ResendFormResponse } from '@lending/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../shared/api';
import { ApiError, errorMessage } from '@lending/api-client';
import { EmailAddress, EMPTY_VALUE, ErrorState, formatDate, formatDateTime, formatMoney, formatOptionalDateTime, formatPhone, Loading, StatusBadge, toneOf } from '@lending/ui';
import { parseId } from '../../shared/ids';
import { showToast } from '../../shared/toast';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { useMay } from '../../shared/current-user';
import { leadPaths, useLead, useRevalidateLead } from './api';
import { ApplicationFormSection } from './ApplicationFormSection';
import { CallDataSection } from './CallDataSection';
import { CloseLeadDialog } from './CloseLeadDialog';
import { CreateDealButton } from './CreateDealButton';
import { DebtsSection } from './DebtsSection';
import { EmailsSection } from './EmailsSection';
import { IdmSection } from './IdmSection';
import { IncomesExpensesSection } from './IncomesExpensesSection';
import { OfferDialog } from './OfferDialog';
import { describeClaimGroups, OffersSection } from './OffersSection';

export function LeadDetailPage() {
  const id = parseId(useParams().id);
  const { data: lead, error, mutate } = useLead(id);

  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Žádost nebyla nalezena" />
        <p>
          <Link to="/leads">Zpět na seznam žádostí</Link>
        </p>
      </>
    );
  }
  if (error && !lead) {
    return (
      <>
        <PageHeader title={`Žádost #${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Žádost se nepodařilo načíst." />
      </>
    );
  }
  if (!lead) return <Loading label="Načítám žádost…" />;
  return <LeadDetailView lead={lead} />;
}

/** The offer the applicant accepted, beside what they asked for (issue 12): "190 000 Kč, 4 800 Kč měsíčně". */
function acceptedOfferText(lead: LeadDetail): string | null {
  const offer = lead.offers.find((o) => o.applied_at !== null);
  if (!offer) return null;
  const terms = offer.kind === 'REGULAR' ? `${formatMoney(offer.value)}, ${formatMoney(offer.installment_value)} měsíčně` : describeClaimGroups(offer);
  return `${terms} (přijata ${formatOptionalDateTime(offer.applied_at)})`;
}

function LeadDetailView({ lead }: { lead: LeadDetail }) {
  const canWrite = useMay('leads.write');
  const revalidate = useRevalidateLead(lead.id);
  const [dialog, setDialog] = useState<'offer' | 'close' | null>(null);
  const [resending, setResending] = useState(false);
  const isOpen = lead.state !== 'CLOSED' && lead.state !== 'CONVERTED';
  const form = lead.application_form;
  const { actions } = lead;
  const accepted = acceptedOfferText(lead);
  // Each refused action says why, once, under the buttons (a closed lead shows none: its state says it).
  const reasons = [...new Set([actions.issue_offer, actions.resend_form, actions.close].filter((a) => !a.allowed).map((a) => a.reason ?? ''))].filter(Boolean);
  const reasonId = (action: LeadAction) => (action.allowed || !action.reason ? undefined : `action-reason-${reasons.indexOf(action.reason)}`);

  const people = [
    ...(lead.person ? [lead.person] : []),
    ...lead.participants.map((p) => p.person).filter((p) => p.id !== lead.person?.id),
  ];

  async function resendForm() {
    if (!form) return;
    setResending(true);
    try {
      const sent = await api.post<ResendFormResponse>(leadPaths.resendForm(lead.id, form.id));
      showToast(`Odkaz na formulář byl znovu odeslán na adresu ${sent.recipient}.`);
      await revalidate();
    } catch (error) {
      showToast(`Formulář se nepodařilo odeslat. ${errorMessage(error)}`, 'error');
      await revalidate();
    } finally {
      setResending(false);
    }
  }

  return (
    <>
      <p className="breadcrumbs">
        <Link to="/leads">Žádosti</Link>
      </p>
      <PageHeader
        title={`Žádost #${lead.id}`}
        documentTitle={`Žádost #${lead.id}${lead.person ? ` – ${lead.person.name}` : ''}`}
        subtitle={
          <>
            <StatusBadge label={LeadState.labels[lead.state]} tone={toneOf(lead.state)} />{' '}
            {lead.person ? <Link to={`/persons/${lead.person.id}`}>{lead.person.name}</Link> : 'Bez přiřazené osoby'}
            {lead.deal_id !== null && (
              <>
                {' · '}
                <Link to={`/deals/${lead.deal_id}`}>Obchod #{lead.deal_id}</Link>
              </>
            )}
          </>
        }
        actions={
          canWrite &&
          isOpen && (
            <>
              <CreateDealButton lead={lead} onRefused={() => void revalidate()} />
              <button type="button" className="button" disabled={!actions.issue_offer.allowed} aria-describedby={reasonId(actions.issue_offer)} onClick={() => setDialog('offer')}>
                Vydat nabídku
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={!actions.resend_form.allowed || resending}
                aria-describedby={reasonId(actions.resend_form)}
                onClick={() => void resendForm()}
              >
                {resending ? 'Odesílám…' : 'Znovu odeslat formulář'}
              </button>
              <button type="button" className="button button--danger" disabled={!actions.close.allowed} aria-describedby={reasonId(actions.close)} onClick={() => setDialog('close')}>
                Uzavřít žádost
              </button>
            </>
          )
        }
      />
      {canWrite && isOpen && reasons.length > 0 && (
        <ul className="action-reasons">
          {reasons.map((reason, index) => (
            <li key={reason} id={`action-reason-${index}`} className="field__hint">
              {reason}
            </li>
          ))}
        </ul>
      )}

      <div className="detail-grid">
        <Section title="Přehled žádosti">
          <DescriptionList
            items={[
              { label: 'Stav', value: LeadState.labels[lead.state] },
              { label: 'Zdroj', value: LeadSource.labels[lead.source] },
              { label: 'Typ obchodu', value: lead.deal_type ? DealType.labels[lead.deal_type] : EMPTY_VALUE },
              { label: 'Požadovaná částka', value: formatMoney(lead.value) },
              { label: 'Požadovaná splátka', value: formatMoney(lead.installment_value) },
              ...(accepted ? [{ label: 'Přijatá nabídka', value: accepted }] : []),
              { label: 'Účel', value: lead.purpose ?? EMPTY_VALUE },
              { label: 'Vytvořeno', value: formatDateTime(lead.created_at) },
              { label: 'Změněno', value: formatDateTime(lead.updated_at) },
              ...(lead.external_id ? [{ label: 'Číslo u partnera', value: lead.external_id }] : []),
              ...(lead.utm.source || lead.utm.campaign || lead.utm.medium
                ? [{ label: 'Kampaň (UTM)', value: [lead.utm.source, lead.utm.medium, lead.utm.campaign].filter(Boolean).join(' / ') }]
                : []),
              ...(lead.realty ? [{ label: 'Nemovitost', value: lead.realty.whole_address ?? EMPTY_VALUE }] : []),
              ...(lead.state === 'CLOSED'
                ? [
                    { label: 'Uzavřeno', value: formatOptionalDateTime(lead.closed_at) },
                    { label: 'Důvod uzavření', value: lead.closed_reason?.name ?? EMPTY_VALUE },
                    { label: 'Poznámka k uzavření', value: lead.closed_note ?? EMPTY_VALUE },
                  ]
                : []),
            ]}
          />
        </Section>
        <PersonSection lead={lead} />
      </div>

      <ApplicationFormSection leadId={lead.id} hasForm={form !== null} />
      <OffersSection offers={lead.offers} />
      <EmailsSection emails={lead.emails} />
      <IdmSection leadId={lead.id} canWrite={canWrite && isOpen} />
      <IncomesExpensesSection leadId={lead.id} people={people} canWrite={canWrite} />
      <DebtsSection leadId={lead.id} canWrite={canWrite} />
      <CallDataSection leadId={lead.id} canWrite={canWrite} />

      {isOpen && (
        <OfferDialog
          leadId={lead.id}
          formType={form?.type ?? formTypeOfDealType(lead.deal_type)}
          open={dialog === 'offer'}
          onClose={() => setDialog(null)}
          onIssued={() => {
            setDialog(null);
            void revalidate();
          }}
          onRefused={() => void revalidate()}
        />
      )}
      <CloseLeadDialog
        leadId={lead.id}
        open={dialog === 'close'}
        onClose={() => setDialog(null)}
        onClosed={() => {
          setDialog(null);
          void revalidate();
        }}
      />
    </>
  );
}

function PersonSection({ lead }: { lead: LeadDetail }) {
  const person = lead.person_summary;
  return (
    <Section title="Žadatel">
      {!person ? (
        <p>Žádost nemá přiřazenou osobu.</p>
      ) : (
        <>
          <p>
            <Link to={`/persons/${person.id}`}>{person.name}</Link>
            {person.is_blacklisted && (
              <>
                {' '}
                <StatusBadge label="Na černé listině" tone="danger" />
              </>
            )}
            {person.has_insolvency && (
              <>
                {' '}
                <StatusBadge label="Insolvence" tone="danger" />
              </>
            )}
            {person.has_execution && (
              <>
                {' '}
                <StatusBadge label="Exekuce" tone="warning" />
              </>
            )}
          </p>
          <DescriptionList
            items={[
              { label: 'E-mail', value: person.email ? <EmailAddress value={person.email} /> : EMPTY_VALUE },
              { label: 'Telefon', value: formatPhone(person.phone_e164, person.phone) || EMPTY_VALUE },
              { label: 'Datum narození', value: formatDate(person.birth_date) },
              { label: 'Trvalé bydliště', value: person.permanent_address ?? EMPTY_VALUE },
              ...(person.company_name ? [{ label: 'Firma', value: person.company_name }] : []),
              ...(person.company_id ? [{ label: 'IČO', value: person.company_id }] : []),
            ]}
          />
        </>
      )}
      {lead.participants.length > 0 && (
        <>
          <h3>Další účastníci</h3>
          <ul>
            {lead.participants.map((participant) => (
              <li key={participant.id}>
                <Link to={`/persons/${participant.person.id}`}>{participant.person.name}</Link> – {PersonRole.labels[participant.role]}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
