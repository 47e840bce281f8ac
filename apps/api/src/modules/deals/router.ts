import type { RouteDef } from '../../http/routes.ts';

/** /deals/ and its own sub-resources (list, detail, updates, participants, labels, notes, ...). */
export const dealRoutes: RouteDef[] = [];
