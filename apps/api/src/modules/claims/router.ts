import type { RouteDef } from '../../http/routes.ts';

/** Deal models, claims groups, claims, the deal's state machine and activation. */
export const claimsRoutes: RouteDef[] = [];
