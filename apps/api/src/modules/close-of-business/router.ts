import type { RouteDef } from '../../http/routes.ts';

/** The close of business: running it for a business date and reading its runs. */
export const closeOfBusinessRoutes: RouteDef[] = [];
