import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

// What every start does about staff, apart from the demo data (seed-demo-data.ts, loaded only
// when it is needed: faker alone is ~40 MB of memory).

/** Makes sure the configured administrator exists (every start). */
export async function ensureAdmin(prisma: PrismaClient, options: { adminEmail: string; adminPassword: string }): Promise<void> {
  const existing = await prisma.staffUser.findUnique({ where: { email: options.adminEmail } });
  if (existing) return;
  await prisma.staffUser.create({
    data: {
      email: options.adminEmail,
      passwordHash: await hashPassword(options.adminPassword),
      role: 'ADMIN',
      firstName: 'Správce',
      lastName: 'Systému',
    },
  });
}

/** True when the database holds no business data yet (first start). */
export async function isEmpty(prisma: PrismaClient): Promise<boolean> {
  const [persons, staff] = await Promise.all([prisma.person.count(), prisma.staffUser.count()]);
  return persons === 0 && staff === 0;
}
