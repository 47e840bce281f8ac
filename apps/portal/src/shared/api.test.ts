import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lending/api-client';
import { api, SERVER_ERROR_MESSAGE, waitText } from './api';
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
    ['applyOffer', () => api.applyOffer(null, { value: '1.00', installment_value: '1.00' }), 'Token is required for applying offer'],
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
    const error = await api.applyOffer('t', { value: '1.00', installment_value: '1.00' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { fake_offer: ['Nabídka není validní'] } });
    expect(currentToasts()).toEqual([]);
  });

  describe('429 Too Many Requests', () => {
    const limited = (body: string | null, retryAfter: string | null, contentType = 'application/json') =>
      vi.fn(async () => new Response(body, { status: 429, headers: { 'Content-Type': contentType, ...(retryAfter ? { 'Retry-After': retryAfter } : {}) } }));

    it("shows the server's message, with its wait, for as long as the wait (at most a minute), not 2 s", async () => {
      vi.useFakeTimers();
      const message = 'Příliš mnoho požadavků z Vaší sítě. Zkuste to prosím znovu za 3 minuty.';
      vi.stubGlobal('fetch', limited(JSON.stringify({ detail: message }), '180'));
      const error = await api.getForm('t').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 429, retryAfter: 180 });
      expect(currentToasts()).toMatchObject([{ kind: 'error', message }]);
      // The whisperer keeps asking while the applicant types: one message, not a stack of them.
      await api.suggestAddresses({ fieldType: 'CITY', values: { CITY: 'Br' } }).catch(() => undefined);
      expect(currentToasts()).toHaveLength(1);
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS * 10);
      expect(currentToasts().map((t) => t.message)).toEqual([message]);
      vi.advanceTimersByTime(60_000);
      expect(currentToasts()).toEqual([]);
    });

    it('without a message of the API (a proxy answered), says when from Retry-After', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('fetch', limited('<html>Too Many Requests</html>', '120', 'text/html'));
      await expect(api.createForm('CONSUMER_LOAN', {}, {})).rejects.toMatchObject({ status: 429 });
      expect(currentToasts().map((t) => t.message)).toEqual(['Příliš mnoho požadavků z Vaší sítě. Zkuste to prosím znovu za 2 minuty.']);
      vi.advanceTimersByTime(60_000);
      expect(currentToasts()).toEqual([]);
      // A short wait still leaves time to read it.
      vi.stubGlobal('fetch', limited(null, '3'));
      await api.getForm('t').catch(() => undefined);
      expect(currentToasts().map((t) => t.message)).toEqual(['Příliš mnoho požadavků z Vaší sítě. Zkuste to prosím znovu za 3 sekundy.']);
      vi.advanceTimersByTime(7_999);
      expect(currentToasts()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(currentToasts()).toEqual([]);
    });

    it('words the wait in Czech', () => {
      expect([1, 4, 30, 60, 61, 300].map(waitText)).toEqual(['za 1 sekundu', 'za 4 sekundy', 'za 30 sekund', 'za 1 minutu', 'za 2 minuty', 'za 5 minut']);
    });
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
