// Test data of the persons tests: realistic Czech persons, valid by our validators.
import { makeBirthNumber, makeCompanyId } from '@lending/contracts';
import type { PrismaClient } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

let serial = 100;

/** A valid birth number (digits only) of someone born on `date`. */
export function birthNumber(date: string, sex: 'M' | 'F' = 'M'): string {
  return makeBirthNumber(new Date(`${date}T00:00:00Z`), sex, serial++);
}

export function companyId(): string {
  return makeCompanyId(2_500_000 + serial++);
}

/** A natural person stored directly (not through the API), search text written by the trigger. */
export function naturalPerson(prisma: PrismaClient, data: { firstName: string; lastName: string; birthDate?: string; sex?: 'M' | 'F' } & Partial<Prisma.PersonUncheckedCreateInput>) {
  const { birthDate = '1985-04-12', sex = 'M', ...rest } = data;
  return prisma.person.create({ data: { identificationType: 'BIRTH_NUMBER', birthNumber: birthNumber(birthDate, sex), birthDate: new Date(`${birthDate}T00:00:00Z`), ...rest } });
}

export function legalPerson(prisma: PrismaClient, data: { companyName: string } & Partial<Prisma.PersonUncheckedCreateInput>) {
  return prisma.person.create({ data: { identificationType: 'ICO', companyId: companyId(), ...data } });
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
