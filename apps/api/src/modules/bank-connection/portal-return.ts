import type { Config } from '../../config.ts';

/** Where a bank connection returns the applicant: the portal's Documents screen of the form. */
export function portalReturnUrl(config: Pick<Config, 'PUBLIC_URL'>, token: string): string {
  return `${(config.PUBLIC_URL ?? '').replace(/\/$/, '')}/dokumenty?token=${token}`;
}

/**
 * What providers do with the return address: append `?clientId=<id>` without looking whether it
 * already has a query. The portal expects exactly that (`…?token=<token>?clientId=<id>`, portal.md
 * §4 route guard rule 1) and cuts the token back to its 32 characters.
 */
export function appendClientId(returnUrl: string, clientId: string): string {
  return `${returnUrl}?clientId=${encodeURIComponent(clientId)}`;
}
