import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const auth = (user = 'pipedrive', password = 'crm-heslo-test') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const post = (event: string, body?: object) => {
  const req = ctx.http().post(`/api/v1/webhooks/pipedrive/person/${event}/`).set('Authorization', auth());
  return body ? req.send(body) : req;
};

describe('Pipedrive webhooks', () => {
  it('need the CRM basic credentials', async () => {
    expect((await ctx.http().post('/api/v1/webhooks/pipedrive/person/updated/')).status).toBe(401);
    expect((await ctx.http().get('/api/v1/webhooks/pipedrive/deal/').set('Authorization', auth('pipedrive', 'spatne'))).status).toBe(401);
  });

  it('record every event, even without a body, and answer text', async () => {
    const res = await post('added');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^OK/);
    expect(await ctx.deps.prisma.webhookEvent.count({ where: { event: 'person.added' } })).toBe(1);
  });

  it('apply updates, merges and deletes to the linked person', async () => {
    const person = await ctx.deps.prisma.person.create({ data: { firstName: 'Jan', lastName: 'Novák', externalId: '501', email: 'jan@email.cz' } });
    await post('updated', { current: { id: 501, first_name: 'Jan', last_name: 'Nováček', email: [{ value: 'jan.novacek@email.cz' }], phone: [{ value: '777 111 222' }] }, previous: { id: 501 } });
    expect(await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ lastName: 'Nováček', email: 'jan.novacek@email.cz', phoneE164: '+420777111222' });

    await post('merged', { current: { id: 777 }, previous: { id: 501 } });
    expect((await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } })).externalId).toBe('777');

    await post('deleted', { previous: { id: 777 } });
    expect((await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } })).externalId).toBeNull();

    await post('added', { current: { id: 900, email: [{ value: 'jan.novacek@email.cz' }] } });
    expect((await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } })).externalId).toBe('900');
    const events = await ctx.deps.prisma.webhookEvent.findMany({ where: { event: { startsWith: 'person.' } } });
    expect(events.every((e) => e.processedAt !== null && e.error === null)).toBe(true);
  });

  it('answer the deal and person panels in Czech text, unknown ids included', async () => {
    const person = await ctx.deps.prisma.person.create({ data: { firstName: 'Eva', lastName: 'Malá', externalId: '42' } });
    const deal = await ctx.deps.prisma.deal.create({ data: { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: 250_000, externalId: '9001', contractNumber: 'SU-1', participants: { create: { personId: person.id, role: 'DEBTOR' } } } });
    const deals = await ctx.http().get('/api/v1/webhooks/pipedrive/deal/?resource=deal&view=details&userId=1&companyId=2&isShared=false&selectedIds=9001,9002').set('Authorization', auth());
    expect(deals.status).toBe(200);
    expect(deals.text).toContain('Obchod 9001: smlouva SU-1, stav ACTIVE, výše 250\u00a0000\u00a0Kč');
    expect(deals.text).toContain('Obchod 9002: v systému nenalezen');
    const persons = await ctx.http().get('/api/v1/webhooks/pipedrive/person/?selectedIds=42').set('Authorization', auth());
    expect(persons.text).toBe('Osoba 42: Eva Malá, obchodů 1 (aktivních 1), žádostí 0');
    expect((await ctx.http().get('/api/v1/webhooks/pipedrive/person/').set('Authorization', auth())).text).toBe('Nebyly vybrány žádné záznamy.');
    expect(deal.id).toBeGreaterThan(0);
  });

  it('take malformed bodies without failing', async () => {
    const res = await ctx.http().post('/api/v1/webhooks/pipedrive/person/updated/').set('Authorization', auth()).set('Content-Type', 'application/json').send('{"current": "nonsense"}');
    expect(res.status).toBe(200);
  });
});
