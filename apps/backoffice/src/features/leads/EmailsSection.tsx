import { NotificationState, type LeadEmailView } from '@lending/contracts';
import { Fragment } from 'react';
import { EmptyState, formatDateTime, pluralize, StatusBadge, toneOf } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';

const URL_PATTERN = /(https?:\/\/\S+)/;

/** The e-mail's text with its links clickable (the portal links of offers and form resends). */
function EmailBody({ text }: { text: string }) {
  return (
    <p className="email__body">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noreferrer">
            {part}
            <span className="visually-hidden"> (nové okno)</span>
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/**
 * Where an outbox e-mail is: "Odesláno", "Čeká na odeslání", "Nepodařilo se odeslat
 * (3 pokusy)", "Neodesláno – sandbox" (written while no mail server was configured).
 */
export function emailStateLabel(email: Pick<LeadEmailView, 'state' | 'attempts'>): string {
  const label = NotificationState.labels[email.state];
  return email.state === 'FAILED' && email.attempts > 0 ? `${label} (${pluralize(email.attempts, 'pokus', 'pokusy', 'pokusů')})` : label;
}

/** What the applicant was sent about this lead: the outbox of the e-mail channel. */
export function EmailsSection({ emails }: { emails: readonly LeadEmailView[] }) {
  return (
    <Section title="E-maily žadateli">
      {emails.length === 0 ? (
        <EmptyState>Žadateli zatím nebyl poslán žádný e-mail.</EmptyState>
      ) : (
        <ul className="email-list">
          {emails.map((email, index) => (
            <li key={email.id} className="email">
              {/* The newest (an offer, a resume link) is open: its portal link is what staff look for. */}
              <details open={index === 0}>
                <summary>
                  <strong>{email.subject ?? '(bez předmětu)'}</strong> – {email.recipient}, {formatDateTime(email.sent_at ?? email.created_at)}{' '}
                  <StatusBadge label={emailStateLabel(email)} tone={toneOf(email.state)} />
                </summary>
                <EmailBody text={email.body} />
                {email.state === 'FAILED' && email.error && <p className="field__error">{email.error}</p>}
                {email.state === 'PENDING' && email.error && (
                  <p className="field__hint">
                    {email.attempts}. pokus se nezdařil: {email.error} Další pokus proběhne automaticky.
                  </p>
                )}
                {email.state === 'SANDBOX' && <p className="field__hint">Poštovní server není nastaven: e-mail zůstal jen zde, žadateli nebyl odeslán.</p>}
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
