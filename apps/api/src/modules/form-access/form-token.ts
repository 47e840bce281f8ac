import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../domain/errors.ts';

/** 32 URL-safe characters from the CSPRNG: 192 bits, far beyond guessing. */
export function newFormToken(): string {
  return randomBytes(24).toString('base64url');
}

export const FORM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const FORM_NOT_FOUND = 'Žádost nebyla nalezena.';

/**
 * The form of this token, or not found. Every miss answers the same message after the same
 * indexed lookup, malformed tokens included, so answers reveal nothing about which tokens exist.
 */
export async function findFormByToken(deps: Pick<Deps, 'prisma'>, token: string) {
  const candidate = token.length <= 64 ? token : token.slice(0, 64);
  const form = await deps.prisma.applicationForm.findUnique({ where: { token: candidate } });
  if (!form || !FORM_TOKEN_PATTERN.test(token)) throw notFound(FORM_NOT_FOUND);
  return form;
}
