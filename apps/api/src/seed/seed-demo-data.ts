import { randomBytes } from 'node:crypto';
import { faker } from '@faker-js/faker/locale/cs_CZ';
import { makeBirthNumber, makeCompanyId, type StaffRole } from '@lending/contracts';
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { CZECH_PLACES, CZECH_STREETS } from './czech-places.ts';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
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

const CLOSED_REASONS = [
  ['CLIENT_NOT_INTERESTED', 'Klient nemá zájem'],
  ['INSUFFICIENT_INCOME', 'Nedostatečný příjem'],
  ['INSOLVENCY_FOUND', 'Zjištěna insolvence'],
  ['EXECUTION_FOUND', 'Zjištěna exekuce'],
  ['COLLATERAL_INSUFFICIENT', 'Nedostatečné zajištění'],
  ['UNREACHABLE', 'Klient je nedostupný'],
  ['DUPLICATE', 'Duplicitní žádost'],
  ['OTHER', 'Jiný důvod'],
] as const;

const money = (n: number) => new Prisma.Decimal(n.toFixed(2));
const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const formToken = () => randomBytes(24).toString('base64url'); // 32 URL-safe characters

function czechPhone(): string {
  const n = faker.number.int({ min: 601_000_000, max: 799_999_999 });
  return `+420${n}`;
}

function address() {
  const place = faker.helpers.arrayElement(CZECH_PLACES);
  const street = faker.helpers.arrayElement(CZECH_STREETS);
  const houseNumber = `${faker.number.int({ min: 1, max: 2999 })}${faker.datatype.boolean(0.4) ? `/${faker.number.int({ min: 1, max: 60 })}` : ''}`;
  return {
    street,
    houseNumber,
    city: place.city,
    zip: place.zip,
    district: place.district,
    region: place.region,
    wholeAddress: `${street} ${houseNumber}, ${place.zip} ${place.city}`,
  };
}

function emailFor(first: string, last: string): string {
  const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return `${ascii(first)}.${ascii(last)}${faker.number.int({ min: 1, max: 99 })}@${faker.helpers.arrayElement(['seznam.cz', 'email.cz', 'gmail.com', 'centrum.cz'])}`;
}

/** Makes sure the configured administrator exists (every start). */
export async function ensureAdmin(prisma: PrismaClient, options: SeedOptions): Promise<void> {
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
  const today = new Date(Date.UTC(2026, 10, 1));
  await ensureAdmin(prisma, options);
  const passwordHash = await hashPassword(options.adminPassword);
  await prisma.staffUser.createMany({
    data: STAFF.map((s) => ({ ...s, passwordHash })),
    skipDuplicates: true,
  });
  await prisma.applicationClosedReason.createMany({
    data: CLOSED_REASONS.map(([code, name], order) => ({ code, name, order })),
    skipDuplicates: true,
  });

  // Natural persons
  const persons = [];
  for (let i = 0; i < 40; i++) {
    const sex = faker.helpers.arrayElement(['M', 'F'] as const);
    const firstName = faker.person.firstName(sex === 'M' ? 'male' : 'female');
    const lastName = faker.person.lastName(sex === 'M' ? 'male' : 'female');
    const birthDate = faker.date.between({ from: new Date(Date.UTC(1958, 0, 1)), to: new Date(Date.UTC(2002, 11, 31)) });
    const day = new Date(Date.UTC(birthDate.getUTCFullYear(), birthDate.getUTCMonth(), birthDate.getUTCDate()));
    const phone = czechPhone();
    const email = emailFor(firstName, lastName);
    const addr = address();
    const person = await prisma.person.create({
      data: {
        identificationType: 'BIRTH_NUMBER',
        firstName,
        lastName,
        birthNumber: makeBirthNumber(day, sex, faker.number.int({ min: 0, max: 999 })),
        birthDate: day,
        identityCard: String(faker.number.int({ min: 100_000_000, max: 999_999_999 })),
        email,
        phone: `${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`,
        phoneE164: phone,
        citizenship: 'CZ',
        hasExecution: i % 13 === 5,
        hasInsolvency: i % 17 === 3,
        addresses: { create: [{ type: 'PERMANENT', ...addr }] },
        contacts: {
          create: [
            { type: 'EMAIL', value: email, isPrimary: true },
            { type: 'PHONE', value: phone, isPrimary: true },
          ],
        },
      },
    });
    persons.push(person);
  }

  // Legal persons (business borrowers)
  const companies = [];
  for (let i = 0; i < 6; i++) {
    const addr = address();
    const company = await prisma.person.create({
      data: {
        identificationType: 'ICO',
        companyName: faker.company.name(),
        companyId: makeCompanyId(faker.number.int({ min: 1_000_000, max: 9_999_999 })),
        email: `info@${faker.internet.domainWord()}.cz`,
        addresses: { create: [{ type: 'REGISTERED', ...addr }] },
      },
    });
    companies.push(company);
  }

  // Leads with their application forms
  const sources = ['PORTAL', 'PORTAL', 'PORTAL', 'BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR'] as const;
  const formStates = ['BASIC_DEAL_INFO', 'PERSON_INFO', 'COLLATERAL_INFO', 'CLOSED'] as const;
  const leads = [];
  for (let i = 0; i < 28; i++) {
    const person = persons[i]!;
    const business = i % 4 === 0;
    const value = roundTo(faker.number.int({ min: 50_000, max: business ? 3_000_000 : 1_500_000 }), 10_000);
    const installment = Math.max(1_000, roundTo(value / faker.number.int({ min: 24, max: 120 }), 100));
    const source = faker.helpers.arrayElement(sources);
    const lead = await prisma.lead.create({
      data: {
        source,
        dealType: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
        state: faker.helpers.arrayElement(['NEW', 'IN_PROGRESS', 'OFFER_SENT', 'OFFER_ACCEPTED'] as const),
        personId: person.id,
        value: money(value),
        installmentValue: money(installment),
        purpose: business ? faker.helpers.arrayElement(['Nákup vybavení provozovny', 'Provozní kapitál', 'Rekonstrukce provozovny']) : null,
        utmSource: source === 'PORTAL' ? faker.helpers.arrayElement(['google', 'seznam', 'facebook']) : null,
        utmMedium: source === 'PORTAL' ? 'cpc' : null,
        utmCampaign: source === 'PORTAL' ? 'podzim-2026' : null,
        createdAt: faker.date.recent({ days: 60, refDate: today }),
      },
    });
    leads.push(lead);
    if (source === 'PORTAL') {
      const state = faker.helpers.arrayElement(formStates);
      const permanent = await prisma.personAddress.findFirst({ where: { personId: person.id } });
      await prisma.applicationForm.create({
        data: {
          token: formToken(),
          type: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
          dealType: 'UNI_LOAN_LEAD_FORM',
          state,
          leadId: lead.id,
          utmSource: lead.utmSource,
          utmMedium: lead.utmMedium,
          utmCampaign: lead.utmCampaign,
          closedAt: state === 'CLOSED' ? today : null,
          data: {
            value,
            installment_value: installment,
            purpose: lead.purpose ?? '',
            first_name: person.firstName,
            last_name: person.lastName,
            email: person.email,
            phone: person.phoneE164,
            permanent_address: { whole_address: permanent?.wholeAddress ?? '' },
          },
        },
      });
    }
  }

  // Deals from some of the leads, with participants, monthly claims and payments
  const dealStates = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'CONTRACT_SIGN', 'CONTRACT_COMPLETION', 'NEW_APPLICATION', 'CLOSED', 'FILED_FOR_INSOLVENCY'] as const;
  for (let i = 0; i < 14; i++) {
    const lead = leads[i]!;
    const person = persons[i]!;
    const state = dealStates[i % dealStates.length]!;
    const value = Number(lead.value);
    const installment = Number(lead.installmentValue);
    const signedAt = faker.date.past({ years: 2, refDate: today });
    const deal = await prisma.deal.create({
      data: {
        type: lead.dealType ?? 'CONSUMER_LOAN',
        state,
        closedReason: state === 'CLOSED' ? 'CLOSED_DULY' : null,
        value: money(value),
        contractNumber: `SU-2026-${String(1000 + i)}`,
        variableSymbol: String(2026_0000 + i * 37),
        externalId: String(5000 + i),
        insolvency: state === 'FILED_FOR_INSOLVENCY',
        daysPastDue: state === 'ACTIVE' && i % 3 === 0 ? faker.number.int({ min: 5, max: 120 }) : 0,
        breachTypes: state === 'ACTIVE' && i % 3 === 0 ? ['NON_PAYING'] : [],
        allocationProfile: lead.dealType === 'INVESTMENT_LOAN' ? 'IL_SE_ALLOCATION_PROFILE' : 'CL_PE_ALLOCATION_PROFILE_V2',
        leadId: lead.id,
        signedAt: state === 'NEW_APPLICATION' ? null : signedAt,
        activatedAt: ['ACTIVE', 'CLOSED', 'FILED_FOR_INSOLVENCY'].includes(state) ? signedAt : null,
        closedAt: state === 'CLOSED' ? today : null,
        participants: {
          create: [
            { personId: person.id, role: 'DEBTOR' },
            ...(i % 5 === 1 ? [{ personId: persons[30 + (i % 10)]!.id, role: 'ACCESSORY_DEBTOR' as const }] : []),
            ...(lead.dealType === 'INVESTMENT_LOAN' ? [{ personId: companies[i % companies.length]!.id, role: 'BORROWER' as const }] : []),
          ],
        },
      },
    });
    if (!['ACTIVE', 'CLOSED', 'FILED_FOR_INSOLVENCY'].includes(state)) continue;

    const months = 12;
    const claims = [];
    for (let m = 1; m <= months; m++) {
      const due = new Date(Date.UTC(signedAt.getUTCFullYear(), signedAt.getUTCMonth() + m, 15));
      claims.push({ dealId: deal.id, type: 'PRINCIPAL' as const, number: m, dueDate: due, amount: money(installment), description: `${m}. splátka` });
    }
    await prisma.claim.createMany({ data: claims });
    const paidMonths = state === 'CLOSED' ? months : faker.number.int({ min: 1, max: 8 });
    const paid = claims.slice(0, paidMonths).filter((c) => c.dueDate <= today);
    for (const claim of paid) {
      await prisma.payment.create({
        data: {
          direction: 'INCOMING_PAYMENT',
          category: 'INTERNAL_INSTALLMENT',
          date: new Date(claim.dueDate.getTime() - faker.number.int({ min: 0, max: 4 }) * 86_400_000),
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
    const addr = address();
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
