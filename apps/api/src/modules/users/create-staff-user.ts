import { z, type StaffRole } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { hashPassword } from '../auth/passwords.ts';

export const newStaffUser = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Zadejte platnou e-mailovou adresu.')),
  password: z.string().min(12, 'Heslo musí mít alespoň 12 znaků.').max(200),
});

/** Creates a staff account; errors by field when the input is invalid or the e-mail is taken. */
export async function createStaffUser(
  deps: Pick<Deps, 'prisma'>,
  input: { email: string; role: StaffRole; password: string; firstName?: string; lastName?: string },
): Promise<{ ok: true; user: { id: number; email: string; role: StaffRole } } | { ok: false; errors: Record<string, string[]> }> {
  const parsed = newStaffUser.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
    return { ok: false, errors };
  }
  const taken = await deps.prisma.staffUser.findUnique({ where: { email: parsed.data.email } });
  if (taken) return { ok: false, errors: { email: ['Uživatel s tímto e-mailem již existuje.'] } };
  const user = await deps.prisma.staffUser.create({
    data: {
      email: parsed.data.email,
      role: input.role,
      passwordHash: await hashPassword(parsed.data.password),
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
    },
  });
  await deps.prisma.auditLog.create({
    data: { actorType: 'SYSTEM', action: 'staff_user.create', entity: 'StaffUser', entityId: String(user.id), changes: { email: user.email, role: user.role } },
  });
  return { ok: true, user: { id: user.id, email: user.email, role: user.role } };
}
