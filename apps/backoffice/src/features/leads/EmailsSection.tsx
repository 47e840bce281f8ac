import { NotificationState, type LeadEmailView } from '@lending/contracts';
import { Fragment } from 'react';
import { formatDateTime } from '../../shared/format';
import { Section } from '../../shared/ui/Layout';
import { EmptyState } from '../../shared/ui/States';
import { StatusBadge, toneOf } from '../../shared/ui/StatusBadge';

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
                  <StatusBadge label={NotificationState.labels[email.state]} tone={toneOf(email.state)} />
                </summary>
                <EmailBody text={email.body} />
                {email.error && <p className="field__error">{email.error}</p>}
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
