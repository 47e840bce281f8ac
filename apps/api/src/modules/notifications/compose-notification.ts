import { collectionsMessages, formatCzk, NotificationChannel, type NotificationName } from '@lending/contracts';
import { invalid, notFound } from '../../domain/errors.ts';
import { today } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { computeClaimsStatement, dealProfile } from '../claims-statements/compute-claims-statement.ts';
import { lockDealForAllocation } from '../servicing/index.ts';

type Tx = Prisma.TransactionClient;

export interface ComposedMessage {
  recipient: string;
  subject: string;
  body: string;
  attachment?: { key: string; name: string };
}

/** Which channels each staff-triggered message may use (docs/decisions/0048). */
export const CHANNELS_OF: Record<NotificationName, readonly NotificationChannel[]> = {
  PAYMENT_REMINDER: ['EMAIL', 'SMS'],
  NOTICE_COPY: ['EMAIL', 'SMS', 'MAIL'],
  DEAL_ALERT: ['SLACK'],
};
export const ENTITY_OF: Record<NotificationName, 'Deal' | 'Notice'> = { PAYMENT_REMINDER: 'Deal', NOTICE_COPY: 'Notice', DEAL_ALERT: 'Deal' };

const DEBTOR_ROLES = ['BORROWER', 'DEBTOR', 'ACCESSORY_DEBTOR', 'LEGAL_SUCCESSOR_DEBTOR'] as const;

/** The channel's address of a person: e-mail, E.164 phone or postal address. */
async function contactOf(tx: Tx, personId: number, channel: NotificationChannel): Promise<string | null> {
  const p = await tx.person.findUniqueOrThrow({
    where: { id: personId },
    select: { email: true, phoneE164: true, contacts: { where: { type: 'EMAIL' }, orderBy: [{ isPrimary: 'desc' }, { id: 'asc' }], take: 1 }, addresses: true },
  });
  if (channel === 'EMAIL') return p.email ?? p.contacts[0]?.value ?? null;
  if (channel === 'SMS') return p.phoneE164;
  const rank = { CONTACT: 0, PERMANENT: 1, REGISTERED: 2 } as const;
  return p.addresses.sort((a, b) => rank[a.type] - rank[b.type])[0]?.wholeAddress ?? null;
}

/**
 * What `notify` would send for one entity: the messages (one per recipient) of `name` by
 * `channel`, composed from the data as it is now. PAYMENT_REMINDER: the overdue amount of the
 * deal's claims statement as of today to each debtor reachable by the channel; NOTICE_COPY: a
 * sent notice again to its addressee (its frozen text, the stored PDF attached); DEAL_ALERT: a
 * line about the deal for staff on Slack.
 */
export async function composeNotification(
  tx: Tx,
  deps: Pick<Deps, 'config' | 'now'>,
  input: { name: NotificationName; channel: NotificationChannel; entityId: number },
): Promise<ComposedMessage[]> {
  const { name, channel, entityId } = input;
  if (!CHANNELS_OF[name].includes(channel)) {
    throw invalid({ notification_type: [collectionsMessages.notificationChannelNotAllowed(name, NotificationChannel.labels[channel])] });
  }
  if (name === 'NOTICE_COPY') {
    const notice = await tx.notice.findUnique({ where: { id: entityId }, include: { notification: true } });
    if (!notice) throw notFound(collectionsMessages.notificationEntityNotFound(entityId));
    if (!notice.pdfKey || !notice.notification) throw invalid({ entity_id: [collectionsMessages.noPdf] });
    const recipient = await contactOf(tx, notice.personId, channel);
    if (!recipient) return [];
    return [{ recipient, subject: `Kopie: ${notice.notification.subject ?? 'upomínka'}`, body: notice.notification.body, attachment: channel === 'SMS' ? undefined : { key: notice.pdfKey, name: notice.notification.attachmentName ?? `upominka-${notice.id}.pdf` } }];
  }
  const deal = await tx.deal.findUnique({
    where: { id: entityId },
    select: { id: true, contractNumber: true, variableSymbol: true, daysPastDue: true, breachTypes: true, participants: { where: { role: { in: [...DEBTOR_ROLES] } }, select: { personId: true }, orderBy: { id: 'asc' } } },
  });
  if (!deal) throw notFound(collectionsMessages.notificationEntityNotFound(entityId));
  const contract = deal.contractNumber ?? `obchod ${deal.id}`;
  await lockDealForAllocation(tx, deal.id);
  const statement = await computeClaimsStatement(tx, deal.id, today(deps), await dealProfile(tx, deal.id));
  if (name === 'DEAL_ALERT') {
    const breaches = deal.breachTypes.length ? `, porušení: ${deal.breachTypes.join(', ')}` : '';
    return [{ recipient: 'slack', subject: `Obchod #${deal.id}`, body: `Obchod #${deal.id} (smlouva ${contract}): ${deal.daysPastDue} dní po splatnosti, dlužná částka ${formatCzk(statement.total_due)}${breaches}.` }];
  }
  const account = deps.config.LENDER_ACCOUNT ?? deps.config.LENDER_IBAN ?? 'účet uvedený ve smlouvě';
  const body = `${deps.config.LENDER_NAME}: ke smlouvě ${contract} evidujeme po splatnosti ${formatCzk(statement.total_due)}. Uhraďte prosím částku na účet ${account}, VS ${deal.variableSymbol ?? contract}. Pokud jste již zaplatili, děkujeme.`;
  const messages: ComposedMessage[] = [];
  for (const { personId } of deal.participants) {
    const recipient = await contactOf(tx, personId, channel);
    if (recipient && !messages.some((m) => m.recipient === recipient)) messages.push({ recipient, subject: `Dlužná částka ke smlouvě ${contract}`, body });
  }
  return messages;
}
