import { faker } from '@faker-js/faker/locale/cs_CZ';
import type { StaffRole } from '@lending/contracts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedLeads } from './demo-leads.ts';
import { czechAddress, money, roundTo, seedPersons } from './demo-persons.ts';

const DAY = 86_400_000;

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Where applicants reach the portal: the links in seeded e-mails point there. */
  publicUrl: string;
}

export interface SeedResult {
  staff: { email: string; role: StaffRole }[];
}

const STAFF: { email: string; role: StaffRole; firstName: string; lastName: string }[] = [
  { email: 'underwriter@demo.cz', role: 'UNDERWRITER', firstName: 'Jana', lastName: 'Dvořáková' },
  { email: 'vymahani@demo.cz', role: 'COLLECTIONS', firstName: 'Petr', lastName: 'Svoboda' },
  { email: 'ucetni@demo.cz', role: 'ACCOUNTANT', firstName: 'Lenka', lastName: 'Černá' },
  { email: 'nahled@demo.cz', role: 'VIEWER', firstName: 'Tomáš', lastName: 'Procházka' },
];

/** Makes sure the configured administrator exists (every start). */
export async function ensureAdmin(prisma: PrismaClient, options: Pick<SeedOptions, 'adminEmail' | 'adminPassword'>): Promise<void> {
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

/**
 * Czech demo data: staff of every role, persons (with valid birth numbers and IČO), leads with
 * application forms, and deals with participants, claims and payments. Deterministic.
 */
export async function seedDemoData(prisma: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  faker.seed(2015); // the lender's founding year: same data on every machine
  // Same people and amounts everywhere; dates relative to the day of the first start, so the
  // newest applications are days old whenever the product is tried.
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await ensureAdmin(prisma, options);
  const passwordHash = await hashPassword(options.adminPassword);
  await prisma.staffUser.createMany({
    data: STAFF.map((s) => ({ ...s, passwordHash })),
    skipDuplicates: true,
  });
  const { natural: persons, companies } = await seedPersons(prisma, today);
  const leads = await seedLeads(prisma, [...persons, ...companies.slice(0, 5)], today, options.publicUrl.replace(/\/$/, ''));

  // Screenings an underwriter asked for, waiting: the job worker queues waiting screenings when
  // it starts (registry.ts), so it runs them (and makes their PDF reports) right after the first
  // start, as it would for screenings run from the screen. The seed needs no queue schema.
  const underwriter = await prisma.staffUser.findUniqueOrThrow({ where: { email: 'underwriter@demo.cz' } });
  for (const person of persons.filter((_, i) => i % 9 === 0)) {
    for (const type of ['MVCR_IDENTITY_CARD', 'ZOBI_OSOBACUZK'] as const) {
      await prisma.screening.create({ data: { personId: person.id, type, requestedById: underwriter.id, state: 'PENDING' } });
    }
  }

  // Deals from leads being worked (those leads are now CONVERTED), with participants, monthly claims and payments
  // (leads at least 40 days old, so a contract signed after the application has instalments due).
  const converted = leads
    .filter((l) => l.state === 'IN_PROGRESS' && l.createdAt.getTime() <= today.getTime() - 40 * DAY && persons.some((p) => p.id === l.personId))
    .slice(0, 14);
  const dealStates = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'CONTRACT_SIGN', 'CONTRACT_COMPLETION', 'NEW_APPLICATION', 'CLOSED', 'FILED_FOR_INSOLVENCY'] as const;
  for (const [i, lead] of converted.entries()) {
    await prisma.lead.update({ where: { id: lead.id }, data: { state: 'CONVERTED' } });
    const person = persons.find((p) => p.id === lead.personId)!;
    const state = dealStates[i % dealStates.length]!;
    const value = Number(lead.value);
    const installment = Number(lead.installmentValue);
    const signedAt = new Date(lead.createdAt.getTime() + faker.number.int({ min: 7, max: 25 }) * DAY);
    const closedAt = new Date(today.getTime() - faker.number.int({ min: 1, max: 10 }) * DAY);
    const running = ['ACTIVE', 'CLOSED', 'FILED_FOR_INSOLVENCY'].includes(state);
    // The first year's monthly instalments, due on the 15th from the month after signing. Every
    // instalment due is paid, except that every third active deal is behind by one and a deal
    // in insolvency stopped paying after the first.
    const schedule = running
      ? Array.from({ length: 12 }, (_, n) => ({
          number: n + 1,
          dueDate: new Date(Date.UTC(signedAt.getUTCFullYear(), signedAt.getUTCMonth() + n + 1, 15)),
          amount: money(installment),
          description: `${n + 1}. splátka`,
        }))
      : [];
    const due = schedule.filter((c) => c.dueDate <= (state === 'CLOSED' ? closedAt : today));
    const behind = state === 'FILED_FOR_INSOLVENCY' ? due.length - 1 : state === 'ACTIVE' && i % 3 === 0 ? 1 : 0;
    const paid = due.slice(0, Math.max(0, due.length - behind));
    const firstUnpaid = state === 'CLOSED' ? undefined : due[paid.length];
    const deal = await prisma.deal.create({
      data: {
        type: lead.dealType ?? 'CONSUMER_LOAN',
        state,
        // Closed within months of signing: repaid early.
        closedReason: state === 'CLOSED' ? 'CLOSED_PREMATURELY' : null,
        value: money(value),
        contractNumber: `SU-2026-${String(1000 + i)}`,
        variableSymbol: String(2026_0000 + i * 37),
        externalId: String(5000 + i),
        insolvency: state === 'FILED_FOR_INSOLVENCY',
        daysPastDue: firstUnpaid ? Math.round((today.getTime() - firstUnpaid.dueDate.getTime()) / DAY) : 0,
        breachTypes: firstUnpaid ? ['NON_PAYING'] : [],
        allocationProfile: lead.dealType === 'INVESTMENT_LOAN' ? 'IL_SE_ALLOCATION_PROFILE' : 'CL_PE_ALLOCATION_PROFILE_V2',
        leadId: lead.id,
        signedAt: state === 'NEW_APPLICATION' ? null : signedAt,
        activatedAt: running ? signedAt : null,
        closedAt: state === 'CLOSED' ? closedAt : null,
        createdAt: signedAt,
        participants: {
          create: [
            { personId: person.id, role: 'DEBTOR' },
            ...(i % 5 === 1 ? [{ personId: persons[150 + (i % 10)]!.id, role: 'ACCESSORY_DEBTOR' as const }] : []),
            ...(lead.dealType === 'INVESTMENT_LOAN' ? [{ personId: companies[i % companies.length]!.id, role: 'BORROWER' as const }] : []),
          ],
        },
      },
    });
    if (state === 'CLOSED') {
      const rest = schedule.slice(paid.length).reduce((sum, c) => sum + Number(c.amount), 0);
      await prisma.payment.create({
        data: {
          direction: 'INCOMING_PAYMENT',
          category: 'INTERNAL_INSTALLMENT',
          date: closedAt,
          amount: money(rest),
          variableSymbol: deal.variableSymbol,
          counterAccountName: `${person.lastName?.toUpperCase()} ${person.firstName?.toUpperCase()}`,
          message: 'Předčasné splacení úvěru',
          dealId: deal.id,
        },
      });
    }
    for (const claim of paid) {
      await prisma.payment.create({
        data: {
          direction: 'INCOMING_PAYMENT',
          category: 'INTERNAL_INSTALLMENT',
          date: new Date(claim.dueDate.getTime() - faker.number.int({ min: 0, max: 4 }) * DAY),
          amount: claim.amount,
          variableSymbol: deal.variableSymbol,
          counterAccount: `${faker.number.int({ min: 100000, max: 999999 })}-${faker.number.int({ min: 1000000000, max: 9999999999 })}/0800`,
          counterAccountName: `${person.lastName?.toUpperCase()} ${person.firstName?.toUpperCase()}`,
          message: `Splátka ${claim.description}`,
          dealId: deal.id,
        },
      });
    }
  }

  // Unpaired incoming payments waiting for an accountant
  for (let i = 0; i < 5; i++) {
    await prisma.payment.create({
      data: {
        direction: 'INCOMING_PAYMENT',
        date: faker.date.recent({ days: 20, refDate: today }),
        amount: money(roundTo(faker.number.int({ min: 1_000, max: 30_000 }), 100)),
        variableSymbol: String(faker.number.int({ min: 10_000_000, max: 99_999_999 })),
        counterAccount: `${faker.number.int({ min: 1000000000, max: 9999999999 })}/0100`,
        message: 'Platba bez identifikace',
      },
    });
  }

  // Collateral realties of business leads
  for (let i = 0; i < 8; i++) {
    const addr = czechAddress();
    await prisma.realty.create({
      data: {
        type: faker.helpers.arrayElement(['FLAT', 'FAMILY_HOUSE'] as const),
        ...addr,
        cadastralAreaName: addr.city,
        lvNumber: String(faker.number.int({ min: 100, max: 9999 })),
        floorArea: money(faker.number.int({ min: 35, max: 180 })),
      },
    });
  }

  return { staff: [{ email: options.adminEmail, role: 'ADMIN' }, ...STAFF.map(({ email, role }) => ({ email, role }))] };
}
