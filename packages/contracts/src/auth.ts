import { z } from './zod-config.ts';
import { StaffRole } from './enums.ts';
import { Permission } from './permissions.ts';

export const tokenRequest = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Zadejte platnou e-mailovou adresu.')),
  password: z.string().min(1, 'Pole je povinné').max(200),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({ access: z.string(), refresh: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

/**
 * The refresh token in the body (API clients), or left out: then the HttpOnly session cookie the
 * login set carries it (the back-office, ROLES.md §3).
 */
export const refreshRequest = z.object({ refresh: z.string().min(1, 'Pole je povinné').optional() }).default({});
export type RefreshRequest = z.infer<typeof refreshRequest>;
export const refreshResponse = z.object({ access: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;
export const logoutRequest = refreshRequest;
/** POST /auth/logout-all/: how many sessions (refresh tokens) were revoked. */
export const logoutAllResponse = z.object({ revoked: z.number().int() });
export type LogoutRequest = RefreshRequest;

export const currentUser = z.object({
  id: z.number().int(),
  email: z.email(),
  role: StaffRole.schema,
  role_label: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** What the role may do (contracts/permissions.ts): the back-office shows and enables only that. */
  permissions: z.array(Permission.schema),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const detailResponse = z.object({ detail: z.string() });
export const fieldErrorsResponse = z.record(z.string(), z.array(z.string()));
