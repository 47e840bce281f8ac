import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, inspectAnswers } from './client';
import { checkAnswersAgainstContracts, takeContractProblems } from './contract-check';

const reason = { id: 3, code: 'CLIENT_NOT_INTERESTED', name: 'Klient nemá zájem', order: 2, is_active: true };

function answer(body: unknown, status = 200) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

afterEach(() => {
  inspectAnswers(null);
  takeContractProblems();
  vi.unstubAllGlobals();
});

describe('checking answers against their contracts (test mode)', () => {
  it('lets an answer that fits its contract through without a word', async () => {
    checkAnswersAgainstContracts();
    answer([reason]);
    await createApiClient().get('/api/v1/leads/application-closed-reasons/');
    expect(takeContractProblems()).toEqual([]);
  });

  it('reports an answer that drifted from its contract, whichever way the path was written', async () => {
    checkAnswersAgainstContracts();
    const client = createApiClient();
    answer([{ ...reason, order: '2' }]);
    await client.get('/api/v1/leads/application-closed-reasons/');
    answer({ id: 'x' });
    await client.get<unknown>('/api/v1/persons/5/labels/9/');

    const problems = takeContractProblems();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('GET /api/v1/leads/application-closed-reasons/');
    expect(problems[0]).toContain('0.order:');
    expect(problems[1]).toContain('GET /api/v1/persons/{personId}/labels/{id}/ (/api/v1/persons/5/labels/9/)');
    expect(takeContractProblems()).toEqual([]);
  });

  it('leaves alone failures, paths the contracts do not list, and answers without a schema', async () => {
    checkAnswersAgainstContracts();
    const client = createApiClient();
    answer({ detail: 'Lead nebyl nalezen.' }, 404);
    await client.get('/api/v1/leads/{id}/', { params: { id: 1 } }).catch(() => undefined);
    answer({ anything: true });
    await client.get<unknown>('/api/v1/healthcheck/live/');
    await client.post<unknown>('/api/v1/forms/T/question/', { type: 'CREATE_DEBTORS' });
    expect(takeContractProblems()).toEqual([]);
  });
});
