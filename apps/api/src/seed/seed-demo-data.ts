import type { StaffActor } from '../domain/actor.ts';
import { faker } from '@faker-js/faker/locale/cs_CZ';
import type { StaffRole } from '@lending/contracts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { FileStorage } from '../integrations/storage/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { markSeedCompleted, markSeedStarted } from '../db/seed-marker.ts';
import { ensureAdmin } from './ensure-admin.ts';
import { seedLeads } from './demo-leads.ts';
import { businessDateOf } from '../domain/dates.ts';
import { loadConfig, type Config } from '../config.ts';
import { seedRealties } from './demo-realties.ts';
import { seedCollectionsHistory } from './demo-collections.ts';
import { seedDeals } from './demo-deals.ts';
import { seedPaymentHistory } from './demo-payments.ts';
import { czechAddress, money, seedPersons } from './demo-persons.ts';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Where applicants reach the portal: the links in seeded e-mails point there. */
  publicUrl: string;
  /** The product's file storage: the demo's bank statements are stored there, as staff's uploads are. */
  storage: FileStorage;
  /** The product's configuration: the lender's letterhead and channels of the notices the seed sends (tests: the development defaults). */
  config?: Config;
  /** How many deals the book has: 1,500 (tests of the first start ask for fewer, to be quick). */
  deals?: number;
  /** Told what the seed is doing (the first start prints it: the seed takes minutes). */
  onProgress?: (progress: SeedProgress) => void;
  /**
   * Aborting it stops the seed: no query starts afterwards, and the seed rejects with the
   * signal's reason (the server stopping during its first start). What it wrote stays, marked as
   * unfinished: the next start discards it (db/seed-marker.ts).
   */
  signal?: AbortSignal;
}

export interface SeedProgress {
  step: 'staff' | 'persons' | 'leads' | 'borrowers' | 'deals' | 'payments' | 'close of business' | 'realties';
  /** Deals made, or statements imported, of `total`. */
  done?: number;
  total?: number;
}

export interface SeedResult {
  staff: { email: string; role: StaffRole }[];
  persons: number;
  deals: number;
  payments: number;
}

const STAFF: { email: string; role: StaffRole; firstName: string; lastName: string }[] = [
  { email: 'underwriter@demo.cz', role: 'UNDERWRITER', firstName: 'Jana', lastName: 'Dvořáková' },
  { email: 'vymahani@demo.cz', role: 'COLLECTIONS', firstName: 'Petr', lastName: 'Svoboda' },
  { email: 'ucetni@demo.cz', role: 'ACCOUNTANT', firstName: 'Lenka', lastName: 'Černá' },
  // Four-eyes (ROLES.md §2): a payout or a claim change one accountant asks, the other approves.
  { email: 'ucetni2@demo.cz', role: 'ACCOUNTANT', firstName: 'Martin', lastName: 'Veselý' },
  { email: 'nahled@demo.cz', role: 'VIEWER', firstName: 'Tomáš', lastName: 'Procházka' },
];

/**
 * Czech demo data: staff of every role, persons (with valid birth numbers and IČO), leads with
 * application forms, ~1,500 deals made through the engine (demo-deals.ts), their payments as
 * imported bank statements (demo-payments.ts) and today's close of business. Deterministic.
 *
 * All or nothing across starts: it marks its beginning and its end (db/seed-marker.ts), and a
 * start that finds it begun and not ended discards it and seeds again (server.ts).
 */
export async function seedDemoData(client: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const prisma = signal ? abortable(client, signal) : client;
  const report = (progress: SeedProgress) => {
    signal?.throwIfAborted();
    options.onProgress?.(progress);
  };
  await markSeedStarted(prisma);
  faker.seed(2015); // the lender's founding year: same data on every machine
  // Same people and amounts everywhere; dates relative to the day of the first start, so the
  // newest applications are days old whenever the product is tried.
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  report({ step: 'staff' });
  await ensureAdmin(prisma, options);
  const passwordHash = await hashPassword(options.adminPassword);
  await prisma.staffUser.createMany({
    data: STAFF.map((s) => ({ ...s, passwordHash })),
    skipDuplicates: true,
  });
  report({ step: 'persons' });
  const { natural: persons, companies } = await seedPersons(prisma, today);
  report({ step: 'leads' });
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

  // The loan book, through the engine (demo-deals.ts), its payment history through the statement
  // import (demo-payments.ts), then today's close of business: days past due, penalty interest
  // and breaches as the nightly job leaves them.
  const admin = await prisma.staffUser.findUniqueOrThrow({ where: { email: options.adminEmail } });
  const actor: StaffActor = { kind: 'staff', staffId: admin.id, role: 'ADMIN', meta: { ip: '127.0.0.1', requestId: 'seed' } };
  const businessDate = businessDateOf(now);
  report({ step: 'borrowers' });
  const book = await seedPersons(prisma, today, { natural: 400, companies: 40 });
  const deals = options.deals ?? 1_500;
  report({ step: 'deals', done: 0, total: deals });
  const { histories } = await seedDeals(
    prisma,
    {
      persons: [...persons, ...book.natural],
      companies: [...companies, ...book.companies],
      leads,
      today: businessDate,
      now,
      actor,
      onDeal: (done, total) => report({ step: 'deals', done, total }),
    },
    deals,
  );
  // The debtors' payments as the bank's monthly statements, imported as staff import them.
  const payments = await seedPaymentHistory(prisma, {
    histories,
    today: businessDate,
    now,
    actor,
    storage: options.storage,
    onStatement: (done, total) => report({ step: 'payments', done, total }),
  });
  report({ step: 'close of business' });
  // The last weeks closed day by day, with the desk's calls and promises and the notices sent.
  await seedCollectionsHistory(prisma, { today: businessDate, now, actor, config: options.config ?? loadConfig({ NODE_ENV: 'test' }), storage: options.storage, collectorEmail: 'vymahani@demo.cz' });
  // A person is in the records from their first deal on, however long ago.
  await prisma.$executeRaw`
    UPDATE persons p SET created_at = d.first, updated_at = greatest(p.updated_at, d.first)
      FROM (SELECT dp.person_id, min(d.created_at) AS first FROM deal_participants dp JOIN deals d ON d.id = dp.deal_id GROUP BY dp.person_id) d
     WHERE d.person_id = p.id AND d.first < p.created_at`;

  // Collateral realties of business leads
  for (let i = 0; i < 8; i++) {
    const addr = czechAddress();
    await prisma.realty.create({
      data: {
        type: faker.helpers.arrayElement(['FLAT', 'FAMILY_HOUSE'] as const),
        ...addr,
        cadastralAreaName: addr.city,
        lvNumber: String(faker.number.int({ min: 100, max: 4999 })),
        floorArea: money(faker.number.int({ min: 35, max: 180 })),
      },
    });
  }

  report({ step: 'realties' });
  await seedRealties(prisma, { now, actor, config: options.config ?? loadConfig({ NODE_ENV: 'test' }), storage: options.storage });

  await markSeedCompleted(prisma);
  return {
    staff: [{ email: options.adminEmail, role: 'ADMIN' }, ...STAFF.map(({ email, role }) => ({ email, role }))],
    persons: persons.length + companies.length + book.natural.length + book.companies.length,
    deals,
    payments: payments.payments,
  };
}

/**
 * The client the seed works through when it can be stopped: every query (model, raw, inside
 * transactions too) first checks the signal, so once it is aborted the seed's parallel workers
 * all fail at their next query, before it reaches the pool, and the server can close the pool
 * and stop PostgreSQL under nobody.
 */
function abortable(prisma: PrismaClient, signal: AbortSignal): PrismaClient {
  return prisma.$extends({
    query: {
      $allOperations({ args, query }) {
        signal.throwIfAborted();
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
}
