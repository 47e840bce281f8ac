import { makeBirthNumber, makeCompanyId } from '@lending/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

// Test data for the staff lead tests: portal leads made through the public form API (as an
// applicant makes them) and leads written directly where a test needs a particular state.

export interface Applicant {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

const NAMES: [string, string][] = [
  ['Jana', 'Nováková'],
  ['Petr', 'Svoboda'],
  ['Lucie', 'Dvořáková'],
  ['Tomáš', 'Černý'],
  ['Kateřina', 'Procházková'],
  ['Martin', 'Kučera'],
  ['Eva', 'Veselá'],
  ['Jiří', 'Horák'],
];

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function leadFixtures(ctx: TestContext) {
  let serial = 0;
  const post = (path: string, body: unknown) => ctx.http().post(`/api/v1${path}`).send(body as object);

  function applicant(overrides: Partial<Applicant> = {}): Applicant {
    const [first, last] = NAMES[serial % NAMES.length]!;
    const n = ++serial;
    return {
      first_name: first,
      last_name: last,
      email: `${ascii(first)}.${ascii(last)}${n}@seznam.cz`,
      phone: `777 ${String(100 + n).padStart(3, '0')} ${String(200 + n).padStart(3, '0')}`,
      ...overrides,
    };
  }

  /** An applicant's portal application up to PERSON_INFO (the state an offer is issued in). */
  async function portalLead(
    options: { type?: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN'; value?: number; installment?: number; person?: Partial<Applicant>; personInfo?: boolean; utm?: string } = {},
  ) {
    const type = options.type ?? 'CONSUMER_LOAN';
    const who = applicant(options.person);
    const created = await post(`/forms/${options.utm ?? '?utm_source=seznam&utm_medium=cpc&utm_campaign=podzim'}`, {
      type,
      value: options.value ?? 250_000,
      installment_value: options.installment ?? 6_000,
      ...(type === 'INVESTMENT_LOAN' ? { purpose: 'Nákup užitkového vozu' } : {}),
      ...who,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = created.body.token as string;
    if (options.personInfo !== false) {
      const birthNumber = makeBirthNumber(new Date(Date.UTC(1975 + (serial % 25), serial % 12, 1 + (serial % 27))), serial % 2 ? 'F' : 'M', 200 + serial);
      const submitted = await post(`/forms/${token}/submit/`, {
        step: 'PERSON_INFO',
        data: {
          ...who,
          birth_number: birthNumber,
          identity_card: String(100_000_000 + serial * 7919),
          consent: true,
          permanent_address: {
            whole_address: 'Husova 12, 602 00 Brno',
            street: 'Husova',
            number: '12',
            city: 'Brno',
            zip: '602 00',
            district: 'Brno-město',
            region: 'Jihomoravský kraj',
          },
          ...(type === 'INVESTMENT_LOAN' ? { self_employed_id: makeCompanyId(2_559_664) } : {}),
        },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    }
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token } });
    const lead = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: form.leadId! } });
    return { token, formId: form.id, leadId: lead.id, personId: lead.personId!, applicant: who };
  }

  /** A lead written directly (partner or back-office source, a given state or date). */
  async function directLead(data: Partial<Prisma.LeadUncheckedCreateInput> & { person?: Partial<Applicant> | null } = {}) {
    const { person, ...lead } = data;
    const who = person === null ? null : applicant(person);
    const personRow = who
      ? await ctx.deps.prisma.person.create({
          data: { firstName: who.first_name, lastName: who.last_name, email: who.email, phone: who.phone, phoneE164: `+420${who.phone.replace(/\s/g, '')}` },
        })
      : null;
    return ctx.deps.prisma.lead.create({
      data: { source: 'BACKOFFICE', dealType: 'CONSUMER_LOAN', value: 150_000, installmentValue: 4_000, personId: personRow?.id ?? null, ...lead },
    });
  }

  return { applicant, portalLead, directLead };
}

export const bearer = (access: string) => ({ Authorization: `Bearer ${access}` });
