import { z } from 'zod';
import { defineJob } from '../../queue.ts';

const cron = z.object({ _cron: z.object({ ts: z.string(), backfilled: z.boolean().optional() }).optional() });

/**
 * The collateral watch (docs/decisions/0051): re-orders the title deeds of realties securing
 * serviced deals that are due and raises alerts for what is new on them.
 */
export const watchCollateralJob = defineJob({ name: 'realties.watch-collateral', payload: cron, attempts: 3, key: () => 'realties.watch-collateral' });

/** Every day at 02:40 UTC (after the close of business, before staff arrive). */
export const watchCollateralSchedule = { match: '40 2 * * *', backfillPeriodMs: 24 * 60 * 60 * 1000 };

/** The codebook of cadastral territories from the cadastre: weekly, and at start while the table is empty. */
export const syncCadastralLocationsJob = defineJob({ name: 'realties.sync-cadastral-locations', payload: cron, attempts: 5, key: () => 'realties.sync-cadastral-locations' });

/** Sundays at 03:10 UTC. */
export const syncCadastralLocationsSchedule = { match: '10 3 * * 0', backfillPeriodMs: 0 };
