import { DealState, LeadState, maskBirthNumber, type PersonSummary } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { displayName, requirePerson, toLabel } from './person-view.ts';

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * GET /persons/{id}/person/: the header of the person detail — identification, flags and
 * counts (deals and leads by state, distraints, realty rights) and the newest screening of
 * each type (read from the screenings table).
 */
export async function getPersonSummary(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<PersonSummary> {
  const { id } = input;
  const db = deps.prisma;
  const person = await requirePerson(db, id);
  const [deals, leads, openDistraints, distraintsTotal, realtyRights, blacklisted, labels, screenings] = await Promise.all([
    db.$queryRaw<{ state: DealState; count: number }[]>`
      SELECT d.state::text AS state, count(*)::int AS count FROM deals d
      WHERE EXISTS (SELECT 1 FROM deal_participants dp WHERE dp.deal_id = d.id AND dp.person_id = ${id})
      GROUP BY d.state`,
    db.$queryRaw<{ state: LeadState; count: number }[]>`
      SELECT l.state::text AS state, count(*)::int AS count FROM leads l
      WHERE l.person_id = ${id} OR EXISTS (SELECT 1 FROM lead_participants lp WHERE lp.lead_id = l.id AND lp.person_id = ${id})
      GROUP BY l.state`,
    db.distraint.count({ where: { personId: id, state: { not: 'FINISHED' } } }),
    db.distraint.count({ where: { personId: id } }),
    db.realtyRight.count({ where: { personId: id } }),
    db.blacklistEntry.count({ where: { personId: id } }),
    db.personLabel.findMany({ where: { personId: id }, orderBy: { name: 'asc' } }),
    db.$queryRaw<{ id: number; type: string; state: string; created_at: Date; finished_at: Date | null }[]>`
      SELECT DISTINCT ON (type) id, type::text AS type, state::text AS state, created_at, finished_at
      FROM screenings WHERE person_id = ${id}
      ORDER BY type, created_at DESC, id DESC`,
  ]);
  const dealsByState = zeros(DealState.values);
  for (const row of deals) dealsByState[row.state] = row.count;
  const leadsByState = zeros(LeadState.values);
  for (const row of leads) leadsByState[row.state] = row.count;
  return {
    id: person.id,
    name: displayName(person),
    identification_type: person.identificationType,
    // The birth number masked, as on the detail (docs/decisions/0046); an IČO is public.
    identification: person.identificationType === 'ICO' ? person.companyId : person.birthNumber ? maskBirthNumber(person.birthNumber) : null,
    company_id: person.companyId,
    is_internal: person.isInternal,
    is_blacklisted: blacklisted > 0,
    has_insolvency: person.hasInsolvency,
    has_execution: person.hasExecution,
    deals: { total: deals.reduce((n, r) => n + r.count, 0), by_state: dealsByState },
    leads: { total: leads.reduce((n, r) => n + r.count, 0), by_state: leadsByState },
    open_distraints: openDistraints,
    distraints_total: distraintsTotal,
    realty_rights: realtyRights,
    labels: labels.map(toLabel),
    latest_screenings: screenings
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
      .map((s) => ({
        id: s.id,
        type: s.type as PersonSummary['latest_screenings'][number]['type'],
        state: s.state as PersonSummary['latest_screenings'][number]['state'],
        created_at: s.created_at.toISOString(),
        finished_at: s.finished_at ? s.finished_at.toISOString() : null,
      })),
  };
}
