import { faker } from '@faker-js/faker/locale/cs_CZ';
import { makeBirthNumber, makeCompanyId } from '@lending/contracts';
import { Prisma, type Person, type PrismaClient } from '../generated/prisma/client.ts';
import { CZECH_PLACES, CZECH_STREETS } from './czech-places.ts';

export const money = (n: number) => new Prisma.Decimal(n.toFixed(2));
export const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const DAY = 86_400_000;

export function czechPhone(): string {
  return `+420${faker.number.int({ min: 601_000_000, max: 799_999_999 })}`;
}

/** A real town with its district, region and postcode, and a street from the common list. */
export function czechAddress() {
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

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The web domain a Czech firm would have: "Novák a Dvořák s.r.o." → "novak-a-dvorak.cz". */
export function companyDomain(name: string): string {
  const base = ascii(name)
    .replace(/,?\s*(s\.\s*r\.\s*o\.|a\.\s*s\.|v\.\s*o\.\s*s\.|k\.\s*s\.)\s*$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'firma'}.cz`;
}

export function emailFor(first: string, last: string): string {
  return `${ascii(first)}.${ascii(last)}${faker.number.int({ min: 1, max: 99 })}@${faker.helpers.arrayElement(['seznam.cz', 'email.cz', 'gmail.com', 'centrum.cz', 'post.cz'])}`;
}

const EXECUTORS = [
  'Exekutorský úřad Praha 4, JUDr. Jan Škrobák',
  'Exekutorský úřad Brno-město, Mgr. Kateřina Řezníčková',
  'Exekutorský úřad Ostrava, JUDr. Petr Kučera',
  'Exekutorský úřad Plzeň-město, Mgr. Tomáš Vondráček',
  'Exekutorský úřad Olomouc, JUDr. Lubomír Kříž',
];
const CREDITORS = ['Home Credit a.s.', 'Provident Financial s.r.o.', 'T-Mobile Czech Republic a.s.', 'Všeobecná zdravotní pojišťovna ČR', 'Dopravní podnik hl. m. Prahy, a.s.', 'ČEZ Prodej, a.s.'];
const COURTS = ['Krajský soud v Praze', 'Krajský soud v Brně', 'Krajský soud v Ostravě', 'Krajský soud v Plzni', 'Městský soud v Praze'];
const COURT_MARKS = ['KSPH', 'KSBR', 'KSOS', 'KSPL', 'MSPH'];
const LABELS: [name: string, color: string][] = [
  ['Stálý klient', '#2e7d32'],
  ['VIP', '#6a1b9a'],
  ['Rizikový klient', '#c62828'],
  ['Doporučení', '#1565c0'],
  ['Nekontaktovat telefonicky', '#ef6c00'],
];

export interface DemoPersons {
  natural: Person[];
  companies: Person[];
}

/**
 * ~180 natural persons (valid birth numbers, Czech phones and addresses) and ~20 companies
 * (valid IČO). Flags are backed by records: a person with an execution has distraints, one in
 * insolvency has an ISIR case, a blacklisted one a blacklist entry with its reason.
 */
export async function seedPersons(prisma: PrismaClient, today: Date, counts = { natural: 180, companies: 20 }): Promise<DemoPersons> {
  const natural: Person[] = [];
  for (let i = 0; i < counts.natural; i++) {
    const sex = faker.helpers.arrayElement(['M', 'F'] as const);
    const firstName = faker.person.firstName(sex === 'M' ? 'male' : 'female');
    const lastName = faker.person.lastName(sex === 'M' ? 'male' : 'female');
    const born = faker.date.between({ from: new Date(Date.UTC(1955, 0, 1)), to: new Date(Date.UTC(2004, 11, 31)) });
    const day = new Date(Date.UTC(born.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate()));
    const phone = czechPhone();
    const email = emailFor(firstName, lastName);
    const permanent = czechAddress();
    const hasExecution = i % 13 === 5;
    const hasInsolvency = i % 17 === 3;
    const blacklisted = i % 29 === 7;
    const createdAt = faker.date.past({ years: 2, refDate: today });
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
        citizenship: i % 23 === 11 ? 'SK' : 'CZ',
        isInternal: i % 61 === 13,
        hasExecution,
        hasInsolvency,
        createdAt,
        updatedAt: createdAt,
        addresses: {
          create: [{ type: 'PERMANENT' as const, ...permanent }, ...(i % 6 === 2 ? [{ type: 'CONTACT' as const, ...czechAddress() }] : [])].map((address) => ({
            ...address,
            createdAt,
            updatedAt: createdAt,
          })),
        },
        contacts: {
          create: [
            { type: 'EMAIL', value: email, isPrimary: true },
            { type: 'PHONE', value: phone, isPrimary: true },
            ...(i % 9 === 4 ? [{ type: 'PHONE' as const, value: czechPhone(), isPrimary: false, note: 'Zaměstnání' }] : []),
          ],
        },
        labels: i % 7 === 1 ? { create: [faker.helpers.arrayElement(LABELS)].map(([name, color]) => ({ name, color })) } : undefined,
        blacklistEntries: blacklisted
          ? { create: [{ reason: faker.helpers.arrayElement(['Podezření na podvod – nesouhlasí doklady totožnosti.', 'Opakovaně nesplácel, pohledávka postoupena.', 'Pokus o úvěr na cizí jméno.']) }] }
          : undefined,
        distraints: hasExecution
          ? {
              create: Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, (_, n) => ({
                fileMark: `${faker.number.int({ min: 100, max: 199 })} EX ${faker.number.int({ min: 1000, max: 99999 })}/${2019 + n}`,
                executor: faker.helpers.arrayElement(EXECUTORS),
                creditor: faker.helpers.arrayElement(CREDITORS),
                amount: money(roundTo(faker.number.int({ min: 3_000, max: 250_000 }), 10)),
                state: n === 0 ? ('ACTIVE' as const) : faker.helpers.arrayElement(['ACTIVE', 'FINISHED', 'SUSPENDED'] as const),
                startedAt: new Date(Date.UTC(2019 + n, faker.number.int({ min: 0, max: 11 }), faker.number.int({ min: 1, max: 28 }))),
              })),
            }
          : undefined,
        isirCases: hasInsolvency
          ? {
              create: [
                {
                  fileMark: `${faker.helpers.arrayElement(COURT_MARKS)} ${faker.number.int({ min: 10, max: 99 })} INS ${faker.number.int({ min: 1000, max: 39999 })}/${faker.helpers.arrayElement([2024, 2025, 2026])}`,
                  state: faker.helpers.arrayElement(['MORATORIUM', 'DEBT_RELIEF', 'BANKRUPTCY_DECLARED'] as const),
                  court: faker.helpers.arrayElement(COURTS),
                  debtorName: `${firstName} ${lastName}`,
                  startedAt: new Date(today.getTime() - faker.number.int({ min: 30, max: 700 }) * DAY),
                  lastCheckedAt: today,
                },
              ],
            }
          : undefined,
      },
    });
    natural.push(person);
  }

  const companies: Person[] = [];
  for (let i = 0; i < counts.companies; i++) {
    const registered = czechAddress();
    const name = faker.company.name();
    const createdAt = faker.date.past({ years: 2, refDate: today });
    companies.push(
      await prisma.person.create({
        data: {
          identificationType: 'ICO',
          companyName: name,
          companyId: makeCompanyId(faker.number.int({ min: 1_000_000, max: 9_999_999 })),
          email: `info@${companyDomain(name)}`,
          phoneE164: czechPhone(),
          createdAt,
          updatedAt: createdAt,
          addresses: { create: [{ type: 'REGISTERED', ...registered, createdAt, updatedAt: createdAt }] },
        },
      }),
    );
  }

  // Some self-employed applicants: a natural person with the IČO of their trade licence.
  for (const person of natural.filter((_, i) => i % 8 === 3)) {
    person.companyId = makeCompanyId(faker.number.int({ min: 1_000_000, max: 9_999_999 }));
    await prisma.person.update({ where: { id: person.id }, data: { companyId: person.companyId } });
  }

  return { natural, companies };
}
