import type { Request } from 'express';

/** The caller's address as Express resolved it (honouring TRUST_PROXY), for throttling and audit. */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
