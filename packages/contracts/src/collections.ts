import { z } from './zod-config.ts';
import { defineEnum, type EnumValue } from './enum.ts';
import { BreachType, CallOutcome, NoticeState, NoticeType, NotificationChannel, NotificationState, PersonRole } from './enums.ts';
import { isoDayInput } from './dates.ts';
import { money, moneyInput } from './money.ts';
import { commaList, idQuery, orderingQuery, pageQuery } from './query.ts';

// Collections (SERVICING.md §6, docs/decisions/0048): the ladder, notice groups and notices, the
// outbox of notifications, and the collections desk (queue, call log, promises to pay).

export const collectionsMessages = {
  groupNotPrepared: (state: NoticeState) => `Skupinu upomínek už nelze měnit ani odeslat (stav: ${NoticeState.labels[state]}).`,
  groupNotFound: 'Skupina upomínek neexistuje.',
  noticeNotFound: 'Upomínka neexistuje.',
  noPdf: 'Upomínka zatím nebyla odeslána; PDF vzniká při odeslání. Náhled je k dispozici.',
  nothingOverdue: 'Dlužník už nic nedluží po splatnosti; upomínku nelze odeslat.',
  cancelReasonRequired: 'Uveďte důvod zrušení.',
  addresseeNotOnDeal: 'Adresát musí být dlužníkem, spoludlužníkem nebo zástavcem obchodu.',
  noAddressees: 'Vyberte alespoň jednoho adresáta.',
  noChannels: 'Vyberte alespoň jeden kanál.',
  slackNotForDebtors: 'Kanálem Slack se dlužníkům nepíše (slouží k upozorněním pro zaměstnance).',
  dateInPast: 'Datum upomínky nesmí být v minulosti.',
  noRecipient: (channel: string) => `Adresát nemá kontakt pro kanál ${channel}.`,
  noneToSend: 'Ve skupině není žádná připravená upomínka k odeslání.',
  noAddressee: 'Žádný adresát nemá e-mail, telefon ani adresu; upomínku nelze doručit. Doplňte dlužníkovi kontakt.',
  promiseDateInPast: 'Datum slibu nesmí být v minulosti.',
  promiseNotOpen: 'Slib už byl vyhodnocen; zrušit lze jen otevřený slib.',
  promiseNotFound: 'Slib platby neexistuje.',
  collectorNotFound: 'Vymáhající pracovník neexistuje nebo nemá roli vymáhání.',
  notServiced: 'Obchod není ve správě (aktivní nebo v insolvenci).',
  notificationEntityRequired: 'Zadejte entity_id nebo entity_ids.',
  notificationEntityNotFound: (id: number) => `Záznam č. ${id} neexistuje.`,
  notificationChannelNotAllowed: (name: string, channel: string) => `Zprávu ${name} nelze poslat kanálem ${channel}.`,
  previewIndexOutOfRange: (count: number) => `i musí být mezi 0 a ${count - 1}.`,
} as const;

/** What `GET|POST /notifications/notify/` can send, staff-triggered (docs/decisions/0048). */
export const NotificationName = defineEnum(['PAYMENT_REMINDER', 'NOTICE_COPY', 'DEAL_ALERT'], {
  PAYMENT_REMINDER: 'Upozornění na dlužnou částku (obchod)',
  NOTICE_COPY: 'Kopie odeslané upomínky (upomínka)',
  DEAL_ALERT: 'Upozornění pro zaměstnance na Slack (obchod)',
});
export type NotificationName = EnumValue<typeof NotificationName>;

export const PromiseState = defineEnum(['OPEN', 'KEPT', 'BROKEN', 'CANCELLED'], {
  OPEN: 'Čeká',
  KEPT: 'Dodržen',
  BROKEN: 'Nedodržen',
  CANCELLED: 'Zrušen',
});
export type PromiseState = EnumValue<typeof PromiseState>;

const personRef = z.object({ id: z.number().int(), name: z.string() });
const staffRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const collectionStep = z.object({
  code: z.string(),
  breach_type: BreachType.schema,
  position: z.number().int(),
  notice_type: NoticeType.schema,
  title: z.string(),
  trigger_days: z.number().int(),
  min_days_after_previous: z.number().int(),
  channels: z.array(NotificationChannel.schema),
  registered: z.boolean(),
  deadline_days: z.number().int(),
  auto_send: z.boolean(),
  disabled_by: z.string().nullable(),
  cost_of_recovery: z.boolean(),
});
export type CollectionStep = z.infer<typeof collectionStep>;

export const notice = z.object({
  id: z.number().int(),
  group: z.number().int(),
  person: personRef,
  role: PersonRole.schema,
  channel: NotificationChannel.schema,
  state: NoticeState.schema,
  recipient: z.string(),
  sent_at: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  /** The outbox message that delivers it, once sent. */
  notification: z.object({ id: z.number().int(), state: NotificationState.schema, error: z.string().nullable() }).nullable(),
  /** The PDF as sent exists (GET /notices/{id}/pdf/). */
  has_pdf: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const noticeGroup = z.object({
  id: z.number().int(),
  deal: z.number().int(),
  step: z.object({ code: z.string(), title: z.string(), position: z.number().int(), auto_send: z.boolean() }).nullable(),
  /** The letters' heading: the step's, or the group's own (an LTV notice). */
  title: z.string(),
  round: z.object({ id: z.number().int(), breach_type: BreachType.schema, started_on: z.string(), ended_on: z.string().nullable() }).nullable(),
  notice_type: NoticeType.schema,
  state: NoticeState.schema,
  date: z.string(),
  deadline: z.string(),
  channels: z.array(NotificationChannel.schema),
  registered: z.boolean(),
  note: z.string().nullable(),
  created_by: staffRef,
  sent_by: staffRef,
  sent_at: z.iso.datetime().nullable(),
  cancelled_at: z.iso.datetime().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  notices: z.array(notice),
});
export type NoticeGroup = z.infer<typeof noticeGroup>;

export const noticeGroupListQuery = pageQuery.extend({
  ordering: orderingQuery(['id', 'date', 'state', 'created_at'], '-id'),
});

const debtorChannel = NotificationChannel.schema.refine((c) => c !== 'SLACK', collectionsMessages.slackNotForDebtors);

/**
 * PUT /deals/{dealId}/notice-groups/{id}/: a prepared group as staff set it — its date (the
 * figures' day and the day the job may send it), channels, addressees (persons of the deal),
 * note; or `state: CANCELLED` with a reason.
 */
export const noticeGroupUpdateRequest = z
  .object({
    date: isoDayInput,
    channels: z.array(debtorChannel).min(1, collectionsMessages.noChannels).max(3),
    addressees: z.array(z.number().int().positive()).min(1, collectionsMessages.noAddressees).max(20),
    note: z.string().trim().max(2000).nullable().default(null),
    state: z.enum(['PREPARED', 'CANCELLED']).default('PREPARED'),
    cancel_reason: z.string().trim().min(1).max(500).optional(),
  })
  .refine((b) => b.state !== 'CANCELLED' || b.cancel_reason, { path: ['cancel_reason'], message: collectionsMessages.cancelReasonRequired });
export type NoticeGroupUpdateRequest = z.input<typeof noticeGroupUpdateRequest>;

/** POST …/send_notices/: send the group's prepared notices now (all, or the ones listed). */
export const sendNoticesRequest = z.object({
  notices: z.array(z.number().int().positive()).min(1).max(100).optional(),
});

export const noticePreview = z.object({ notice: z.number().int(), channel: NotificationChannel.schema, subject: z.string(), text: z.string(), frozen: z.boolean() });
export type NoticePreview = z.infer<typeof noticePreview>;

// --- Notifications (the outbox) -------------------------------------------------------------

export const notificationView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: NotificationChannel.schema,
  state: NotificationState.schema,
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  has_attachment: z.boolean(),
  sent_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type NotificationView = z.infer<typeof notificationView>;

const entityIds = commaList(idQuery, { max: 100 });

export const notificationListQuery = pageQuery.extend({
  entity_id: z.string().trim().min(1).max(64).optional(),
  entity_ids: commaList(z.string().trim().min(1).max(64), { max: 100 }).optional(),
  notification_name: z.string().trim().min(1).max(64).optional(),
  notification_type: NotificationChannel.schema.optional(),
  state: NotificationState.schema.optional(),
  // `failed`: the FAILED ones first (the outbox's default), then the newest.
  ordering: orderingQuery(['failed', 'id', 'created_at', 'state', 'sent_at'], 'failed,-id'),
});

/** notify and preview: what to send (name), by which channel (type), about which entities. */
export const notifyQuery = z
  .object({
    entity_id: idQuery.optional(),
    entity_ids: entityIds.optional(),
    notification_name: NotificationName.schema,
    notification_type: NotificationChannel.schema,
  })
  .refine((q) => q.entity_id !== undefined || (q.entity_ids?.length ?? 0) > 0, { path: ['entity_id'], message: collectionsMessages.notificationEntityRequired });
export const notificationPreviewQuery = z
  .object({
    entity_id: idQuery.optional(),
    entity_ids: entityIds.optional(),
    notification_name: NotificationName.schema,
    notification_type: NotificationChannel.schema,
    /** Which of the entities to preview: a 0-based index into entity_ids (entity_id first when both). */
    i: z.coerce.number().int().min(0).max(99).default(0),
  })
  .refine((q) => q.entity_id !== undefined || (q.entity_ids?.length ?? 0) > 0, { path: ['entity_id'], message: collectionsMessages.notificationEntityRequired });

export const notifyResult = z.object({
  /** One per entity and recipient: the new message, or the one already sent that business day. */
  notifications: z.array(notificationView.extend({ reused: z.boolean() })),
});
export const notificationPreview = z.object({
  entity_id: z.number().int(),
  index: z.number().int(),
  count: z.number().int(),
  recipients: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
});

// --- The desk --------------------------------------------------------------------------------

export const DpdBucketFilter = defineEnum(['1-30', '31-60', '61-90', '91+'], {
  '1-30': '1–30 dní',
  '31-60': '31–60 dní',
  '61-90': '61–90 dní',
  '91+': 'více než 90 dní',
});
export type DpdBucketFilter = EnumValue<typeof DpdBucketFilter>;

export const collectionQueueItem = z.object({
  deal: z.number().int(),
  contract_number: z.string().nullable(),
  debtor: personRef.nullable(),
  type: z.string(),
  days_past_due: z.number().int(),
  bucket: z.string(),
  overdue_amount: money,
  breaches: z.array(BreachType.schema),
  last_contact: z.iso.datetime().nullable(),
  next_step: z.object({ code: z.string(), title: z.string(), state: NoticeState.schema, date: z.string() }).nullable(),
  promise: z.object({ id: z.number().int(), state: PromiseState.schema, promised_on: z.string(), amount: money }).nullable(),
  collector: staffRef,
  next_action_on: z.string().nullable(),
});
export type CollectionQueueItem = z.infer<typeof collectionQueueItem>;

export const collectionQueueQuery = pageQuery.extend({
  bucket: DpdBucketFilter.schema.optional(),
  collector: z.union([z.literal('me'), z.literal('none'), idQuery]).optional(),
  breach: BreachType.schema.optional(),
  promise: PromiseState.schema.optional(),
  search: z.string().trim().min(1).max(100).optional(),
  ordering: orderingQuery(['priority', 'days_past_due', 'overdue_amount', 'last_contact', 'deal'], 'priority'),
});
export const collectionQueueExportQuery = collectionQueueQuery.omit({ page: true, page_size: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const assignCollectorRequest = z.object({
  deals: z.array(z.number().int().positive()).min(1).max(500),
  /** A COLLECTIONS or ADMIN user, or null to unassign. */
  collector: z.number().int().positive().nullable(),
});

export const collectionCall = z.object({
  id: z.number().int(),
  deal: z.number().int(),
  person: personRef.nullable(),
  called_at: z.iso.datetime(),
  outcome: CallOutcome.schema,
  note: z.string().nullable(),
  next_action_on: z.string().nullable(),
  created_by: staffRef,
  promise: z.number().int().nullable(),
});
export const promiseToPay = z.object({
  id: z.number().int(),
  deal: z.number().int(),
  call: z.number().int().nullable(),
  made_on: z.string(),
  promised_on: z.string(),
  amount: money,
  state: PromiseState.schema,
  paid_amount: money.nullable(),
  resolved_on: z.string().nullable(),
  created_by: staffRef,
  created_at: z.iso.datetime(),
});
export type PromiseToPay = z.infer<typeof promiseToPay>;

export const collectionCallRequest = z.object({
  person: z.number().int().positive().nullable().default(null),
  outcome: CallOutcome.schema,
  note: z.string().trim().max(2000).nullable().default(null),
  next_action_on: isoDayInput.nullable().default(null),
  /** A promise the debtor made on the call. */
  promise: z.object({ promised_on: isoDayInput, amount: moneyInput({ min: 'positive' }) }).nullable().default(null),
});
export type CollectionCallRequest = z.input<typeof collectionCallRequest>;
export const promiseToPayRequest = z.object({ promised_on: isoDayInput, amount: moneyInput({ min: 'positive' }) });
