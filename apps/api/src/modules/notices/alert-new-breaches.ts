import { BreachType, czechDay, formatCzk } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { queueStaffAlert } from '../notifications/queue-staff-alert.ts';

const LISTED = 20;

/**
 * One Slack message for staff about the breaches this close of business opened on deals of at
 * least SLACK_BREACH_ALERT_AMOUNT principal (docs/decisions/0048). Breaches written in this
 * transaction carry its start time (now(), stored to the millisecond), which is how they are
 * told apart: any written before committed earlier.
 */
export async function alertNewBreaches(deps: Pick<Deps, 'config'>, tx: Prisma.TransactionClient, day: string): Promise<number> {
  const rows = await tx.$queryRaw<{ deal_id: number; contract_number: string | null; value: string; type: BreachType }[]>`
    SELECT b.deal_id, d.contract_number, d.value::text AS value, b.type
      FROM breaches b JOIN deals d ON d.id = b.deal_id
     WHERE b.created_at >= now() - interval '1 millisecond' AND d.value >= ${deps.config.SLACK_BREACH_ALERT_AMOUNT}
     ORDER BY d.value DESC, b.deal_id`;
  if (rows.length === 0) return 0;
  const lines = rows.slice(0, LISTED).map((r) => `• obchod #${r.deal_id} (${r.contract_number ?? 'bez smlouvy'}, ${formatCzk(r.value)}): ${BreachType.labels[r.type]}`);
  const more = rows.length > LISTED ? `\n… a dalších ${rows.length - LISTED}` : '';
  await queueStaffAlert(deps, tx, {
    name: 'new_breaches',
    text: `Nová porušení smluv k ${czechDay(day)} u obchodů od ${formatCzk(String(deps.config.SLACK_BREACH_ALERT_AMOUNT))}:\n${lines.join('\n')}${more}`,
  });
  return rows.length;
}
