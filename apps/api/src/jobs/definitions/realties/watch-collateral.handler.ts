import { syncCadastralLocations } from '../../../modules/title-deeds/sync-cadastral-locations.ts';
import { watchCollateral } from '../../../modules/title-deeds/watch-collateral.ts';
import type { JobHandler } from '../../queue.ts';
import type { syncCadastralLocationsJob, watchCollateralJob } from './watch-collateral.ts';

export const handleWatchCollateral: JobHandler<typeof watchCollateralJob.payload> = async (deps, _payload, run) => {
  const result = await watchCollateral(deps, { signal: run.stopping });
  deps.logger[result.ordered || result.alerts ? 'info' : 'debug']({ component: 'job', job: 'realties.watch-collateral', ...result }, 'collateral watch ran');
};

export const handleSyncCadastralLocations: JobHandler<typeof syncCadastralLocationsJob.payload> = async (deps, _payload, run) => {
  const written = await syncCadastralLocations(deps, run.stopping);
  deps.logger.info({ component: 'job', job: 'realties.sync-cadastral-locations', written }, 'cadastral territories synchronised');
};
