import { randomBytes } from 'node:crypto';
import { faker } from '@faker-js/faker/locale/cs_CZ';
import type { IncomeExpenseCategory, Lead, LeadSource, LeadState, Person, PrismaClient } from '../generated/prisma/client.ts';
import { offerEmail } from '../modules/leads/offer-email.ts';
import { money, roundTo } from './demo-persons.ts';

const formToken = () => randomBytes(24).toString('base64url'); // 32 URL-safe characters
const DAY = 86_400_000;
const pick = ({ subject, body }: { subject: string; body: string }) => ({ subject, body });

const PARTNER_PREFIX: Record<Exclude<LeadSource, 'PORTAL' | 'BACKOFFICE'>, string> = {
  BEZVA_FINANCE: 'BF',
  LEADSOR: 'LS',
  SEVEN_FINANCE: 'SF',
  VOLSOR: 'VS',
};
const SOURCES: LeadSource[] = ['PORTAL', 'PORTAL', 'PORTAL', 'PORTAL', 'PORTAL', 'BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR', 'BACKOFFICE'];
const STATES: LeadState[] = ['NEW', 'NEW', 'NEW', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'OFFER_SENT', 'OFFER_ACCEPTED', 'CLOSED', 'CLOSED'];
const BUSINESS_PURPOSES = ['Nákup vybavení provozovny', 'Provozní kapitál', 'Rekonstrukce provozovny', 'Nákup užitkového vozu', 'Refinancování podnikatelských úvěrů'];
const CONSUMER_PURPOSES = ['Rekonstrukce bytu', 'Konsolidace půjček', 'Nákup automobilu', 'Vybavení domácnosti', null];
const CALL_NOTES = [
  'Klient potvrdil údaje z žádosti, doloží výpisy z účtu.',
  'Nezastižen, zkusit odpoledne.',
  'Domluveno zaslání potvrzení o příjmu od zaměstnavatele.',
  'Klient se ptal na možnost mimořádných splátek.',
  'Manželka bude spoludlužnicí, pošle občanský průkaz.',
];
const BANKS = ['Česká spořitelna', 'Komerční banka', 'ČSOB', 'Air Bank', 'Moneta Money Bank', 'Raiffeisenbank'];
const NON_BANKS = ['Home Credit', 'Cofidis', 'Provident Financial', 'Essox'];

/** Reasons a lead is closed with, from the migration's reference data. */
async function closedReasonIds(prisma: PrismaClient): Promise<number[]> {
  const reasons = await prisma.applicationClosedReason.findMany({ where: { isActive: true }, orderBy: { order: 'asc' } });
  return reasons.map((r) => r.id);
}

function incomes(business: boolean): { kind: 'INCOME' | 'EXPENSE'; category: IncomeExpenseCategory; amount: number; note?: string }[] {
  const net = roundTo(faker.number.int({ min: 19_000, max: business ? 95_000 : 62_000 }), 100);
  return [
    { kind: 'INCOME', category: business ? 'BUSINESS_INCOME' : 'SALARY', amount: net, note: business ? 'Průměr z daňového přiznání' : 'Čistá mzda' },
    ...(faker.datatype.boolean(0.25) ? [{ kind: 'INCOME' as const, category: 'SOCIAL_BENEFIT' as const, amount: roundTo(faker.number.int({ min: 1_500, max: 5_000 }), 10), note: 'Přídavek na dítě' }] : []),
    { kind: 'EXPENSE', category: 'HOUSING', amount: roundTo(faker.number.int({ min: 6_000, max: 18_000 }), 100), note: 'Nájem a zálohy' },
    { kind: 'EXPENSE', category: 'FOOD', amount: roundTo(faker.number.int({ min: 4_000, max: 12_000 }), 100) },
    { kind: 'EXPENSE', category: 'TRANSPORT', amount: roundTo(faker.number.int({ min: 800, max: 5_000 }), 100) },
    ...(faker.datatype.boolean(0.4) ? [{ kind: 'EXPENSE' as const, category: 'CHILDREN' as const, amount: roundTo(faker.number.int({ min: 2_000, max: 8_000 }), 100) }] : []),
  ];
}

/**
 * ~300 leads over the persons: portal leads with their application forms in every state,
 * partner pushes with external ids and consent, back-office leads; those being worked have
 * calls, incomes/expenses and debts; offered ones an offer and its e-mail in the outbox;
 * closed ones a reason.
 */
export async function seedLeads(prisma: PrismaClient, persons: Person[], today: Date, publicUrl: string, count = 300): Promise<Lead[]> {
  const reasons = await closedReasonIds(prisma);
  const leads: Lead[] = [];
  for (let i = 0; i < count; i++) {
    // Most persons have one lead, some came back with a second one.
    const person = persons[i < persons.length ? i : faker.number.int({ min: 0, max: persons.length - 1 })]!;
    const business = Boolean(person.companyId) || i % 5 === 0;
    const source = SOURCES[i % SOURCES.length]!;
    const picked = faker.helpers.arrayElement(STATES);
    // Offers go out through the portal link, so only portal leads are offered; without reasons nothing is closed.
    const offered = picked === 'OFFER_SENT' || picked === 'OFFER_ACCEPTED';
    const state: LeadState = (offered && source !== 'PORTAL') || (picked === 'CLOSED' && reasons.length === 0) ? 'IN_PROGRESS' : picked;
    const value = roundTo(faker.number.int({ min: 50_000, max: business ? 3_000_000 : 1_500_000 }), 10_000);
    const installment = Math.max(1_000, roundTo(value / faker.number.int({ min: 24, max: 120 }), 100));
    // A lead being worked had its calls, offer or closing within 3 days of coming in: it is at
    // least 4 days old, so nothing is dated in the future.
    const createdAt = new Date(today.getTime() - faker.number.int({ min: state === 'NEW' ? 0 : 4 * 24 * 60, max: 120 * 24 * 60 }) * 60_000);
    const calls = state === 'NEW' ? 0 : faker.number.int({ min: 1, max: 3 });
    const callAt = (n: number) => new Date(createdAt.getTime() + (n + 1) * 20 * 60 * 60_000);
    const offerSentAt = new Date(createdAt.getTime() + 2 * DAY);
    const offerAppliedAt = new Date(offerSentAt.getTime() + DAY);
    const closedAt = new Date(createdAt.getTime() + 3 * DAY);
    const lastChange =
      state === 'CLOSED' ? closedAt : state === 'OFFER_ACCEPTED' ? offerAppliedAt : state === 'OFFER_SENT' ? offerSentAt : calls ? callAt(calls - 1) : createdAt;
    const partner = source !== 'PORTAL' && source !== 'BACKOFFICE';
    const lead = await prisma.lead.create({
      data: {
        source,
        dealType: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
        state,
        personId: person.id,
        value: money(value),
        installmentValue: money(installment),
        purpose: business ? faker.helpers.arrayElement(BUSINESS_PURPOSES) : faker.helpers.arrayElement(CONSUMER_PURPOSES),
        offerApplied: state === 'OFFER_ACCEPTED',
        utmSource: source === 'PORTAL' ? faker.helpers.arrayElement(['google', 'seznam', 'facebook', 'newsletter']) : null,
        utmMedium: source === 'PORTAL' ? faker.helpers.arrayElement(['cpc', 'email', 'social']) : null,
        utmCampaign: source === 'PORTAL' ? faker.helpers.arrayElement(['podzim-2026', 'refinancovani', 'podnikatele']) : null,
        externalId: partner ? `${PARTNER_PREFIX[source]}-2026-${String(4000 + i).padStart(6, '0')}` : null,
        partnerPayload: partner
          ? { kind: i % 3 === 0 ? 'CONTACT' : 'LEAD', consent: { given: true, at: new Date(createdAt.getTime() - 5 * 60_000).toISOString(), text: 'Souhlasím se zpracováním osobních údajů a s předáním žádosti věřiteli.' }, note: null }
          : undefined,
        closedReasonId: state === 'CLOSED' ? reasons[i % reasons.length]! : null,
        closedNote: state === 'CLOSED' && i % 2 === 0 ? 'Uzavřeno po telefonátu s klientem.' : null,
        closedAt: state === 'CLOSED' ? closedAt : null,
        createdAt,
        updatedAt: lastChange,
      },
    });
    leads.push(lead);
    // A person is on record from their first application at the latest.
    if (person.createdAt > createdAt) {
      person.createdAt = new Date(createdAt.getTime() - faker.number.int({ min: 1, max: 60 }) * 60_000);
      await prisma.person.update({ where: { id: person.id }, data: { createdAt: person.createdAt, updatedAt: person.createdAt } });
      await prisma.personAddress.updateMany({ where: { personId: person.id }, data: { createdAt: person.createdAt, updatedAt: person.createdAt } });
    }

    let token: string | null = null;
    if (source === 'PORTAL') {
      token = formToken();
      // A new lead's applicant is still filling the form; a worked one sent it (the form stays
      // open for offers and more documents) and a closed lead closed its form.
      const formState = state === 'NEW' ? faker.helpers.arrayElement(['BASIC_DEAL_INFO', 'PERSON_INFO', 'COLLATERAL_INFO'] as const) : state === 'CLOSED' ? 'CLOSED' : 'COLLATERAL_INFO';
      const sentAt = state === 'NEW' ? null : new Date(createdAt.getTime() + 40 * 60_000);
      const permanent = await prisma.personAddress.findFirst({ where: { personId: person.id, type: 'PERMANENT' } });
      await prisma.applicationForm.create({
        data: {
          token,
          type: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
          dealType: 'UNI_LOAN_LEAD_FORM',
          state: formState,
          leadId: lead.id,
          utmSource: lead.utmSource,
          utmMedium: lead.utmMedium,
          utmCampaign: lead.utmCampaign,
          offerApplied: state === 'OFFER_ACCEPTED',
          closedAt: formState === 'CLOSED' ? closedAt : null,
          createdAt,
          updatedAt: formState === 'CLOSED' ? closedAt : (sentAt ?? new Date(createdAt.getTime() + faker.number.int({ min: 2, max: 30 }) * 60_000)),
          data: {
            value,
            installment_value: installment,
            purpose: lead.purpose ?? '',
            ...(formState !== 'BASIC_DEAL_INFO'
              ? {
                  first_name: person.firstName,
                  last_name: person.lastName,
                  email: person.email,
                  phone: person.phoneE164,
                  birth_number: person.birthNumber,
                  identity_card: person.identityCard,
                  // As the address whisperer gives it, so going back to the person step keeps it chosen.
                  permanent_address: permanent
                    ? { whole_address: permanent.wholeAddress, street: permanent.street, number: permanent.houseNumber, city: permanent.city, zip: permanent.zip, district: permanent.district, region: permanent.region }
                    : null,
                  ...(person.companyId ? { self_employed_id: person.companyId } : {}),
                  consent_at: new Date(createdAt.getTime() + 12 * 60_000).toISOString(),
                }
              : {}),
            ...(formState === 'COLLATERAL_INFO' || formState === 'CLOSED' ? { have_realty: 'no' } : {}),
            ...(sentAt ? { finished_at: sentAt.toISOString() } : {}),
          },
        },
      });
    }

    if (state === 'NEW') continue;
    // Being worked: what the underwriter found out on the phone.
    await prisma.callData.createMany({
      data: Array.from({ length: calls }, (_, n) => ({
        leadId: lead.id,
        calledAt: callAt(n),
        outcome: n === 0 && i % 4 === 1 ? ('NOT_REACHED' as const) : ('REACHED' as const),
        note: faker.helpers.arrayElement(CALL_NOTES),
        nextCallAt: state === 'IN_PROGRESS' && n === 0 ? new Date(today.getTime() + faker.number.int({ min: 1, max: 5 }) * DAY) : null,
      })),
    });
    await prisma.incomeExpense.createMany({
      data: incomes(business).map((item) => ({ leadId: lead.id, personId: person.id, kind: item.kind, category: item.category, amount: money(item.amount), note: item.note ?? null })),
    });
    if (i % 3 !== 0) {
      const remaining = roundTo(faker.number.int({ min: 10_000, max: 400_000 }), 100);
      const bank = i % 2 === 0;
      await prisma.leadDebt.create({
        data: {
          leadId: lead.id,
          type: bank ? 'BANK_LOAN' : faker.helpers.arrayElement(['NON_BANK_LOAN', 'CREDIT_CARD', 'OVERDRAFT'] as const),
          creditor: faker.helpers.arrayElement(bank ? BANKS : NON_BANKS),
          originalAmount: money(roundTo(remaining * 1.6, 100)),
          remainingAmount: money(remaining),
          installmentValue: money(Math.max(500, roundTo(remaining / 36, 100))),
          toRefinance: i % 4 === 2,
        },
      });
    }

    if ((state === 'OFFER_SENT' || state === 'OFFER_ACCEPTED') && token && person.email) {
      const offerValue = roundTo(value * 0.9, 10_000);
      const offerInstallment = Math.max(1_000, roundTo(offerValue / 60, 100));
      await prisma.offer.create({
        data: {
          leadId: lead.id,
          kind: 'REGULAR',
          value: money(offerValue),
          installmentValue: money(offerInstallment),
          sentAt: offerSentAt,
          appliedAt: state === 'OFFER_ACCEPTED' ? offerAppliedAt : null,
          createdAt: offerSentAt,
        },
      });
      await prisma.notification.create({
        data: {
          name: 'lead.offer',
          type: 'EMAIL',
          entityType: 'Lead',
          entityId: String(lead.id),
          recipient: person.email,
          ...pick(offerEmail({ PUBLIC_URL: publicUrl, PORT: 0 }, token, { kind: 'REGULAR', value: offerValue, installment_value: offerInstallment })),
          // Sent when the offer was: the outbox keeps it as delivered history.
          state: 'SENT',
          sentAt: offerSentAt,
          createdAt: offerSentAt,
        },
      });
    }
  }
  return leads;
}
