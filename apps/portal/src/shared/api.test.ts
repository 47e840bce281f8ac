import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, SERVER_ERROR_MESSAGE } from './api';
import { currentToasts, TOAST_TIMEOUT_MS } from './toast';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it.each([
    ['getForm', () => api.getForm(null), 'Token is required for getting form'],
    ['submitPersonInfo', () => api.submitPersonInfo('', {}), 'Token is required for submitting person info'],
    ['submitBankingInfo', () => api.submitBankingInfo(undefined), 'Token is required for submitting banking info'],
    ['submitCollateralInfo', () => api.submitCollateralInfo(null, {}), 'Token is required for submitting collateral info'],
    ['evaluateRequisitionStatus', () => api.evaluateRequisitionStatus(null), 'Token is required for evaluating requisition status'],
    ['applyOffer', () => api.applyOffer(null, { value: 1, installment_value: 1 }), 'Token is required for applying offer'],
    ['applyIrregularOffer', () => api.applyIrregularOffer(null, {}), 'Token is required for applying irregular offer'],
    ['createDebtor', () => api.createDebtor(null, {}), 'Token is required for creating debtor'],
  ] as [string, () => Promise<unknown>, string][])('%s refuses to send without a token', async (_name, call, message) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(Promise.resolve().then(() => call())).rejects.toThrow(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers 5xx with the server-error toast, which hides after 2 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"detail":"x"}', { status: 503 })));
    await expect(api.getForm('t')).rejects.toBeInstanceOf(ApiError);
    expect(currentToasts().map((t) => t.message)).toContain(SERVER_ERROR_MESSAGE);
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS);
    expect(currentToasts()).toEqual([]);
  });

  it('throws 4xx answers without the server-error toast', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"fake_offer":["Nabídka není validní"]}', { status: 400 })));
    const error = await api.applyOffer('t', { value: 1, installment_value: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { fake_offer: ['Nabídka není validní'] } });
    expect(currentToasts()).toEqual([]);
  });

  it('sends the irregular offer groups with the question type', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api.applyIrregularOffer('tok', { claim_group_1: { order: 1, count: 3, amount: 8000 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/forms/tok/question/');
    expect(JSON.parse(String(init.body))).toEqual({ type: 'SAVE_IRREGULAR_PAYMENT_OFFER', claim_group_1: { order: 1, count: 3, amount: 8000 } });
  });
});
