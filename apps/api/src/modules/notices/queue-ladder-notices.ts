import { Prisma } from '../../generated/prisma/client.ts';
import { SERVICED_STATES } from '../servicing/index.ts';

// The collections ladder in the close of business (SERVICING.md §6, docs/decisions/0048): set-based
// statements over every serviced deal, in the close's transaction after DPD and breaches are
// brought to the date, so a run over 150,000 deals costs a few statements whatever their number.

type Tx = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

/** Who receives a deal's notices: debtors, co-debtors, successors and pledgers (one notice each per channel). */
export const ADDRESSEE_ROLES = ['BORROWER', 'DEBTOR', 'ACCESSORY_DEBTOR', 'LEGAL_SUCCESSOR_DEBTOR', 'MORTGAGOR', 'PLEDGER'] as const;

/** Why the close cancels a prepared group whose round ended (Czech, shown to staff). */
export const ROUND_ENDED_REASON = {
  NON_PAYING: 'Dlužník už není v prodlení; připravené upomínky se neposílají.',
  UNDELIVERED: 'Povinnost byla splněna; připravená výzva se neposílá.',
} as const;

export interface LadderStats {
  rounds_opened: number;
  rounds_ended: number;
  notice_groups_queued: number;
  notice_groups_cancelled: number;
  notices_queued: number;
}

const serviced = Prisma.raw(`ARRAY[${SERVICED_STATES.map((s) => `'${s}'`).join(', ')}]::"DealState"[]`);
const roles = Prisma.raw(`ARRAY[${ADDRESSEE_ROLES.map((s) => `'${s}'`).join(', ')}]::"PersonRole"[]`);

/**
 * Brings the ladder to business date `day`:
 * 1. rounds: a payment delay (NON_PAYING track) ends when the deal is no longer past due or no
 *    longer serviced, an UNDELIVERED_* round when its breach ended; their prepared groups are
 *    cancelled. A serviced deal past due without an open NON_PAYING round opens one from its
 *    first day past due; an open UNDELIVERED_* breach without a round opens one.
 * 2. each open round queues its next step when due: the days past due (NON_PAYING) or the days
 *    since the breach began (UNDELIVERED_*) reached the step's trigger, the previous step's notice
 *    date lies at least `min_days_after_previous` back, and no deal setting switches the step
 *    off. A step is queued at most once per round (unique round + step), so a run again, or
 *    catching up several days, never repeats a notice; a deal first seen far past due climbs
 *    one step at a time, each after its waiting time.
 * 3. the queued group gets one notice per addressee and channel the addressee can be reached
 *    by; an addressee reachable by none of them gets a letter when an address is known.
 */
export async function queueLadderNotices(tx: Tx, day: string): Promise<LadderStats> {
  const D = Prisma.sql`${day}::date`;

  const [ended] = await tx.$queryRaw<{ rounds: number; groups: number }[]>`
    WITH ended AS (
      UPDATE collection_rounds r SET ended_on = ${D}
        FROM deals d
       WHERE d.id = r.deal_id AND r.ended_on IS NULL AND r.started_on <= ${D}
         AND (NOT (d.state = ANY(${serviced}))
              OR (r.breach_type = 'NON_PAYING' AND d.days_past_due = 0)
              OR (r.breach_type <> 'NON_PAYING' AND NOT EXISTS (
                    SELECT 1 FROM breaches b WHERE b.deal_id = r.deal_id AND b.type = r.breach_type AND b.ended_on IS NULL)))
      RETURNING r.id, r.breach_type
    ),
    cancelled AS (
      UPDATE notice_groups g
         SET state = 'CANCELLED', cancelled_at = now(), updated_at = now(),
             cancel_reason = CASE WHEN e.breach_type = 'NON_PAYING' THEN ${ROUND_ENDED_REASON.NON_PAYING} ELSE ${ROUND_ENDED_REASON.UNDELIVERED} END
        FROM ended e
       WHERE g.round_id = e.id AND g.state = 'PREPARED'
      RETURNING g.id
    ),
    notices_cancelled AS (
      UPDATE notices n SET state = 'CANCELLED', updated_at = now()
        FROM cancelled c WHERE n.group_id = c.id AND n.state = 'PREPARED'
      RETURNING n.id
    )
    SELECT (SELECT count(*) FROM ended)::int AS rounds, (SELECT count(*) FROM cancelled)::int AS groups,
           (SELECT count(*) FROM notices_cancelled)::int AS notices`;

  const [opened] = await tx.$queryRaw<{ rounds: number }[]>`
    WITH candidates AS (
      SELECT d.id AS deal_id, 'NON_PAYING'::"BreachType" AS breach_type, NULL::int AS breach_id, ${D} - d.days_past_due + 1 AS started_on
        FROM deals d
       WHERE d.state = ANY(${serviced}) AND d.days_past_due > 0
      UNION ALL
      SELECT b.deal_id, b.type, b.id, b.started_on
        FROM breaches b JOIN deals d ON d.id = b.deal_id
       WHERE d.state = ANY(${serviced}) AND b.type <> 'NON_PAYING' AND b.ended_on IS NULL AND b.started_on <= ${D}
    ),
    inserted AS (
      INSERT INTO collection_rounds (deal_id, breach_type, breach_id, started_on)
      SELECT c.deal_id, c.breach_type, c.breach_id, c.started_on FROM candidates c
       WHERE NOT EXISTS (SELECT 1 FROM collection_rounds r WHERE r.deal_id = c.deal_id AND r.breach_type = c.breach_type AND r.ended_on IS NULL)
      ON CONFLICT (deal_id, breach_type) WHERE ended_on IS NULL DO NOTHING
      RETURNING id
    )
    SELECT count(*)::int AS rounds FROM inserted`;

  const [queued] = await tx.$queryRaw<{ groups: number; notices: number }[]>`
    WITH open_rounds AS (
      SELECT r.id, r.deal_id, r.breach_type, r.started_on, d.days_past_due, d.settings
        FROM collection_rounds r JOIN deals d ON d.id = r.deal_id
       WHERE r.ended_on IS NULL AND d.state = ANY(${serviced})
    ),
    last_step AS (
      SELECT DISTINCT ON (g.round_id) g.round_id, s.position, g.date
        FROM notice_groups g JOIN collection_steps s ON s.code = g.step_code
       WHERE g.round_id IN (SELECT id FROM open_rounds)
       ORDER BY g.round_id, s.position DESC
    ),
    due AS (
      SELECT o.id AS round_id, o.deal_id, s.code, s.notice_type, s.channels, s.registered, s.deadline_days
        FROM open_rounds o
        LEFT JOIN last_step l ON l.round_id = o.id
        JOIN collection_steps s ON s.breach_type = o.breach_type AND s.position = coalesce(l.position, 0) + 1
       WHERE (CASE WHEN o.breach_type = 'NON_PAYING' THEN o.days_past_due ELSE ${D} - o.started_on END) >= s.trigger_days
         AND (l.date IS NULL OR l.date + s.min_days_after_previous <= ${D})
         AND (s.disabled_by IS NULL OR NOT (s.disabled_by = ANY(o.settings)))
    ),
    new_groups AS (
      INSERT INTO notice_groups (deal_id, round_id, step_code, notice_type, state, date, deadline, channels, registered, updated_at)
      SELECT deal_id, round_id, code, notice_type, 'PREPARED', ${D}, ${D} + deadline_days, channels, registered, now() FROM due
      ON CONFLICT (round_id, step_code) DO NOTHING
      RETURNING id, deal_id, channels
    ),
${addressNotices(Prisma.empty)}
    SELECT (SELECT count(*) FROM new_groups)::int AS groups, (SELECT count(*) FROM new_notices)::int AS notices`;
  return {
    rounds_opened: opened!.rounds,
    rounds_ended: ended!.rounds,
    notice_groups_queued: queued!.groups,
    notice_groups_cancelled: ended!.groups,
    notices_queued: queued!.notices,
  };
}

/**
 * The notices of the groups in a `new_groups (id, deal_id, channels)` relation defined before it:
 * one per addressee of the deal (ADDRESSEE_ROLES; `personFilter` narrows them, e.g.
 * `AND p.id = ANY(...)`) and channel the addressee can be reached by — e-mail (the person's, else
 * a primary e-mail contact), SMS (the E.164 phone), letter (the contact address, else permanent,
 * else registered) — and a letter for an addressee reachable by none of the group's channels when
 * an address is known. CTEs to put after `WITH new_groups AS (…),`; they define `new_notices`.
 */
export function addressNotices(personFilter: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    addressees AS (
      SELECT DISTINCT ON (g.id, p.id) g.id AS group_id, g.channels, p.id AS person_id, dp.role,
             coalesce(p.email, (SELECT c.value FROM person_contacts c WHERE c.person_id = p.id AND c.type = 'EMAIL' ORDER BY c.is_primary DESC, c.id LIMIT 1)) AS email,
             p.phone_e164 AS phone,
             (SELECT a.whole_address FROM person_addresses a WHERE a.person_id = p.id
               ORDER BY CASE a.type WHEN 'CONTACT' THEN 0 WHEN 'PERMANENT' THEN 1 ELSE 2 END, a.id LIMIT 1) AS address
        FROM new_groups g
        JOIN deal_participants dp ON dp.deal_id = g.deal_id AND dp.role = ANY(${roles})
        JOIN persons p ON p.id = dp.person_id ${personFilter}
       ORDER BY g.id, p.id, array_position(${roles}, dp.role)
    ),
    reachable AS (
      SELECT a.group_id, a.person_id, a.role, ch.channel,
             CASE ch.channel WHEN 'EMAIL' THEN a.email WHEN 'SMS' THEN a.phone WHEN 'MAIL' THEN a.address END AS recipient
        FROM addressees a CROSS JOIN LATERAL unnest(a.channels) AS ch(channel)
       WHERE CASE ch.channel WHEN 'EMAIL' THEN a.email WHEN 'SMS' THEN a.phone WHEN 'MAIL' THEN a.address END IS NOT NULL
    ),
    fallback AS (
      SELECT a.group_id, a.person_id, a.role, 'MAIL'::"NotificationChannel" AS channel, a.address AS recipient
        FROM addressees a
       WHERE a.address IS NOT NULL AND NOT EXISTS (SELECT 1 FROM reachable r WHERE r.group_id = a.group_id AND r.person_id = a.person_id)
    ),
    new_notices AS (
      INSERT INTO notices (group_id, person_id, role, channel, state, recipient, updated_at)
      SELECT group_id, person_id, role, channel, 'PREPARED', recipient, now() FROM (SELECT * FROM reachable UNION ALL SELECT * FROM fallback) x
      ON CONFLICT DO NOTHING
      RETURNING id
    )`;
}
