import type { RouteDef } from '../../http/routes.ts';

/** A deal's realty groups, their estimations and the loan-to-value evaluation. */
export const realtyGroupRoutes: RouteDef[] = [];
