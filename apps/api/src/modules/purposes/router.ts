import type { RouteDef } from '../../http/routes.ts';

/** A deal's purposes, their drawings and the payment-order files. */
export const purposeRoutes: RouteDef[] = [];
