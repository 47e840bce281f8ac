import { z, type StaffRole } from '@lending/contracts';
import type { SystemActor } from '../../domain/actor.ts';
import { invalid, parseInput } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { hashPassword } from '../auth/passwords.ts';

export const newStaffUser = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Zadejte platnou e-mailovou adresu.')),
  password: z.string().min(12, 'Heslo musí mít alespoň 12 znaků.').max(200),
});

export const createStaffUserMessages = {
  emailTaken: 'Uživatel s tímto e-mailem již existuje.',
};

/** Creates a staff account (the CLI); `invalid` by field when the input is invalid or the e-mail is taken. */
export async function createStaffUser(
  deps: Pick<Deps, 'prisma'>,
  actor: SystemActor,
  input: { email: string; role: StaffRole; password: string; firstName?: string; lastName?: string },
): Promise<{ id: number; email: string; role: StaffRole }> {
  const { email, password } = parseInput(newStaffUser, input);
  const passwordHash = await hashPassword(password);
  return deps.prisma.$transaction(async (tx) => {
    if (await tx.staffUser.findUnique({ where: { email } })) throw invalid({ email: [createStaffUserMessages.emailTaken] });
    const user = await tx.staffUser.create({
      data: { email, role: input.role, passwordHash, firstName: input.firstName ?? '', lastName: input.lastName ?? '' },
    });
    await recordAudit(tx, actor, { action: 'staff_user.create', entity: 'StaffUser', entityId: user.id, changes: { email: user.email, role: user.role } });
    return { id: user.id, email: user.email, role: user.role };
  });
}
