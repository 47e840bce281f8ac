import { COLLATERAL_ALERT_LABELS, SERVICED_DEAL_STATES } from '@lending/contracts';
import { systemActor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { cadastreFor } from '../../integrations/cadastre/index.ts';
import { escapeSlackText } from '../../integrations/slack/index.ts';
import type { FileStorage } from '../../integrations/storage/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueStaffAlert } from '../notifications/queue-staff-alert.ts';
import { askCadastre } from './cadastre-errors.ts';
import { collateralAlerts } from './compare-extracts.ts';
import { obtainExtract } from './obtain-extract.ts';
import { extractOf } from './title-deed-view.ts';

export interface WatchResult {
  /** Title deeds due (never ordered, or last ordered CADASTRE_WATCH_INTERVAL_DAYS ago or more). */
  due: number;
  ordered: number;
  /** Kč spent on the extracts ordered (decimal string). */
  spent: string;
  alerts: number;
  /** Due title deeds left for the next run because the budget ran out. */
  deferred: number;
  failed: number;
}

interface DueLv {
  code: string;
  lv: string;
  last: Date | null;
}

/**
 * The collateral watch (issue 25 §3): the title deeds of realties securing serviced deals are
 * ordered again once CADASTRE_WATCH_INTERVAL_DAYS have passed since the last extract (the oldest
 * first, then those never ordered), within CADASTRE_WATCH_BUDGET Kč a run. Each new extract is
 * compared with the one before: a new distraint, another pledge, an insolvency note, another
 * encumbrance or a change of owner becomes an alert on every serviced deal the realty secures,
 * an entry in the deal's history and a Slack message.
 */
export async function watchCollateral(deps: Pick<Deps, 'prisma' | 'config' | 'now' | 'logger'> & { storage?: FileStorage }, options: { signal?: AbortSignal } = {}): Promise<WatchResult> {
  const actor = systemActor('collateral watch');
  const dueBefore = new Date(deps.now().getTime() - deps.config.CADASTRE_WATCH_INTERVAL_DAYS * 86_400_000);
  const due = await deps.prisma.$queryRaw<DueLv[]>`
    WITH watched AS (
      SELECT DISTINCT r.cadastral_area_code AS code, r.lv_number AS lv
        FROM realties r
        JOIN realty_group_realties gr ON gr.realty_id = r.id
        JOIN realty_groups g ON g.id = gr.realty_group_id
        JOIN deals d ON d.id = g.deal_id
       WHERE d.state::text = ANY(${[...SERVICED_DEAL_STATES]}::text[]) AND r.cadastral_area_code IS NOT NULL AND r.lv_number IS NOT NULL)
    SELECT w.code, w.lv, t.last
      FROM watched w
      LEFT JOIN LATERAL (SELECT max(td.downloaded_at) AS last FROM title_deeds td WHERE td.cadastral_location_code = w.code AND td.lv_number = w.lv) t ON true
     WHERE t.last IS NULL OR t.last <= ${dueBefore}
     ORDER BY t.last ASC NULLS LAST, w.code, w.lv`;
  const budget = new Prisma.Decimal(deps.config.CADASTRE_WATCH_BUDGET);
  let spent = new Prisma.Decimal(0);
  const result: WatchResult = { due: due.length, ordered: 0, spent: '0.00', alerts: 0, deferred: 0, failed: 0 };
  for (const [index, item] of due.entries()) {
    if (options.signal?.aborted) {
      result.deferred += due.length - index;
      break;
    }
    try {
      const quote = await askCadastre(() => cadastreFor(deps).price({ territoryCode: item.code, lvNumber: item.lv }));
      if (spent.plus(quote.price).gt(budget)) {
        result.deferred += due.length - index;
        break;
      }
      const previous = await deps.prisma.titleDeed.findFirst({ where: { cadastralLocationCode: item.code, lvNumber: item.lv, downloadedAt: { not: null } }, orderBy: [{ downloadedAt: 'desc' }, { id: 'desc' }] });
      const { titleDeedId } = await obtainExtract(deps, { territoryCode: item.code, lvNumber: item.lv, orderedById: null, reuseRecent: false });
      const next = await deps.prisma.titleDeed.findUniqueOrThrow({ where: { id: titleDeedId } });
      spent = spent.plus(next.price ?? quote.price);
      result.ordered++;
      const [before, after] = [previous ? extractOf(previous) : null, extractOf(next)];
      if (!previous || !before || !after) continue;
      result.alerts += await raiseAlerts(deps, actor, { code: item.code, lv: item.lv, previousId: previous.id, nextId: titleDeedId, found: collateralAlerts(before, after, deps.config.LENDER_NAME) });
    } catch (error) {
      // One LV the cadastre cannot answer does not stop the others; the next run tries it again.
      if (!(error instanceof DomainError)) throw error;
      result.failed++;
      deps.logger.warn({ component: 'collateral-watch', territory: item.code, lv: item.lv, err: error.message }, 'title deed not re-ordered');
    }
  }
  result.spent = spent.toFixed(2);
  return result;
}

async function raiseAlerts(
  deps: Pick<Deps, 'prisma' | 'config'>,
  actor: ReturnType<typeof systemActor>,
  input: { code: string; lv: string; previousId: number; nextId: number; found: ReturnType<typeof collateralAlerts> },
): Promise<number> {
  if (!input.found.length) return 0;
  const secured = await deps.prisma.$queryRaw<{ deal_id: number; realty_id: number; whole_address: string | null }[]>`
    SELECT DISTINCT g.deal_id, r.id AS realty_id, r.whole_address
      FROM realties r
      JOIN realty_group_realties gr ON gr.realty_id = r.id
      JOIN realty_groups g ON g.id = gr.realty_group_id
      JOIN deals d ON d.id = g.deal_id
     WHERE r.cadastral_area_code = ${input.code} AND r.lv_number = ${input.lv} AND d.state::text = ANY(${[...SERVICED_DEAL_STATES]}::text[])
     ORDER BY g.deal_id, r.id`;
  let raised = 0;
  await deps.prisma.$transaction(async (tx) => {
    for (const target of secured) {
      for (const alert of input.found) {
        const created = await tx.collateralAlert.create({
          data: { dealId: target.deal_id, realtyId: target.realty_id, titleDeedId: input.nextId, previousTitleDeedId: input.previousId, kind: alert.kind, description: alert.description },
        });
        await recordAudit(tx, actor, {
          action: 'deal.collateral_alert',
          entity: 'CollateralAlert',
          entityId: created.id,
          changes: { deal_id: target.deal_id, realty_id: target.realty_id, kind: alert.kind, description: alert.description, title_deed_id: input.nextId },
        });
        await queueStaffAlert(deps, tx, {
          name: 'collateral',
          text: escapeSlackText(`${COLLATERAL_ALERT_LABELS[alert.kind]} na zajištění obchodu ${target.deal_id} (${target.whole_address ?? `LV ${input.lv}`}): ${alert.description}`),
          entityType: 'Deal',
          entityId: target.deal_id,
        });
        raised++;
      }
    }
  });
  return raised;
}
