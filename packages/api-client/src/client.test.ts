import type { CurrentUser, LeadDetail } from '@lending/contracts';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createApiClient, type SessionAuth } from './client';
import { ApiError, errorMessage, fieldErrorsOf, fileNameFromDisposition, parseRetryAfter } from './errors';
import { withQuery } from './query';

interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** fetch answering by "METHOD /path" (query left out of the key), recording every call. */
function serve(routes: Record<string, (call: Call) => { status: number; body?: unknown; headers?: Record<string, string>; raw?: BodyInit }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: input, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const route = routes[`${call.method} ${new URL(input, 'http://localhost').pathname}`];
      if (!route) throw new TypeError(`no route ${call.method} ${input}`);
      const answer = route(call);
      const body = answer.raw ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
      return new Response(body, { status: answer.status, headers: { ...(answer.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...answer.headers } });
    }),
  );
  return calls;
}

/** A session as the back-office keeps it: tokens in memory, refreshed through the client itself. */
function session(start: { access: string; refresh: string } | null) {
  const state = { tokens: start, expired: 0 };
  const auth: SessionAuth = {
    token: () => state.tokens?.access ?? null,
    refresh: async () => {
      if (!state.tokens) return null;
      try {
        const renewed = await client.post('/api/v1/auth/token/refresh/', { refresh: state.tokens.refresh }, { auth: false });
        state.tokens = { ...state.tokens, access: renewed.access };
        return renewed.access;
      } catch (error) {
        if (error instanceof ApiError) return null;
        throw error;
      }
    },
    onExpired: () => {
      state.tokens = null;
      state.expired += 1;
    },
  };
  const client = createApiClient({ auth });
  return { client, state };
}

const me: CurrentUser = { id: 7, email: 'jana.dvorakova@demo.cz', role: 'UNDERWRITER', role_label: 'Schvalovatel úvěrů', first_name: 'Jana', last_name: 'Dvořáková', permissions: ['staff.read'] };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the staff session', () => {
  it('refreshes an expired access token once and repeats the call with the new one', async () => {
    const calls = serve({
      'GET /api/v1/auth/me/': ({ headers }) => (headers.get('Authorization') === 'Bearer new' ? { status: 200, body: me } : { status: 401, body: { detail: 'Token expired' } }),
      'POST /api/v1/auth/token/refresh/': () => ({ status: 200, body: { access: 'new' } }),
    });
    const { client, state } = session({ access: 'old', refresh: 'r1' });

    await expect(client.get('/api/v1/auth/me/')).resolves.toEqual(me);

    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.get('Authorization')}`)).toEqual([
      'GET /api/v1/auth/me/ Bearer old',
      'POST /api/v1/auth/token/refresh/ null',
      'GET /api/v1/auth/me/ Bearer new',
    ]);
    expect(calls[1]?.body).toEqual({ refresh: 'r1' });
    expect(state.tokens).toEqual({ access: 'new', refresh: 'r1' });
  });

  it('shares one refresh among calls that fail together', async () => {
    const calls = serve({
      'GET /api/v1/auth/me/': ({ headers }) => (headers.get('Authorization') === 'Bearer new' ? { status: 200, body: me } : { status: 401 }),
      'GET /api/v1/leads/': ({ headers }) => (headers.get('Authorization') === 'Bearer new' ? { status: 200, body: { count: 0, next: null, previous: null, results: [] } } : { status: 401 }),
      'POST /api/v1/auth/token/refresh/': () => ({ status: 200, body: { access: 'new' } }),
    });
    const { client } = session({ access: 'old', refresh: 'r1' });

    await Promise.all([client.get('/api/v1/auth/me/'), client.get('/api/v1/leads/'), client.get('/api/v1/auth/me/')]);

    expect(calls.filter((c) => c.url === '/api/v1/auth/token/refresh/')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused, answering 401', async () => {
    serve({
      'GET /api/v1/auth/me/': () => ({ status: 401 }),
      'POST /api/v1/auth/token/refresh/': () => ({ status: 401, body: { detail: 'Token is blacklisted' } }),
    });
    const { client, state } = session({ access: 'old', refresh: 'r1' });

    const failure = await client.get('/api/v1/auth/me/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(state).toEqual({ tokens: null, expired: 1 });
  });

  it('ends the session when the renewed token is refused too', async () => {
    serve({
      'GET /api/v1/auth/me/': () => ({ status: 401 }),
      'POST /api/v1/auth/token/refresh/': () => ({ status: 200, body: { access: 'new' } }),
    });
    const { client, state } = session({ access: 'old', refresh: 'r1' });

    await expect(client.get('/api/v1/auth/me/')).rejects.toMatchObject({ status: 401 });
    expect(state.expired).toBe(1);
  });

  it('does not refresh without a token, nor for calls made without the session', async () => {
    const calls = serve({ 'POST /api/v1/auth/token/': () => ({ status: 401, body: { detail: 'Nesprávný e-mail nebo heslo.' } }) });
    const { client, state } = session({ access: 'old', refresh: 'r1' });

    await expect(client.post('/api/v1/auth/token/', { email: 'a@b.cz', password: 'x' }, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(state.expired).toBe(0);
  });
});

describe('errors', () => {
  it('passes a 400 through with its DRF field messages and says them in Czech', async () => {
    serve({ 'POST /api/v1/persons/': () => ({ status: 400, body: { email: ['Zadejte platnou e-mailovou adresu.'], non_field_errors: ['Osoba již existuje.'] } }) });
    const failure = (await createApiClient()
      .post('/api/v1/persons/', {})
      .catch((error: unknown) => error)) as ApiError;

    expect(failure.status).toBe(400);
    expect(failure.fieldErrors).toEqual({ email: ['Zadejte platnou e-mailovou adresu.'], non_field_errors: ['Osoba již existuje.'] });
    expect(fieldErrorsOf(failure)).toEqual({ email: ['Zadejte platnou e-mailovou adresu.'] });
    expect(errorMessage(failure)).toBe('Osoba již existuje.');
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/^Nepodařilo se spojit se serverem/);
    expect(errorMessage(new ApiError(503, undefined))).toBe('Na serveru došlo k chybě. Zkuste to prosím znovu.');
  });

  it('hands each failure once to onError, with the wait of a 429 from Retry-After', async () => {
    serve({
      'GET /api/v1/forms/abc/': () => ({ status: 429, body: { detail: 'Příliš mnoho požadavků.' }, headers: { 'Retry-After': '180' } }),
    });
    const seen: ApiError[] = [];
    const client = createApiClient({ onError: (error) => seen.push(error) });

    await expect(client.get('/api/v1/forms/{token}/', { params: { token: 'abc' } })).rejects.toMatchObject({ status: 429, retryAfter: 180 });
    expect(seen.map((e) => [e.status, e.retryAfter, e.body])).toEqual([[429, 180, { detail: 'Příliš mnoho požadavků.' }]]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('90', now)).toBe(90);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('typed calls', () => {
  it('fills the template with URL-encoded parameters and adds the query', async () => {
    const calls = serve({ 'GET /api/v1/leads/12/': () => ({ status: 200, body: {} }), 'GET /api/v1/forms/a%2Fb/': () => ({ status: 200, body: {} }) });
    const client = createApiClient();

    const lead = await client.get('/api/v1/leads/{id}/', { params: { id: 12 }, query: { expand: ['participants', 'offers'], empty: '' } });
    await client.get('/api/v1/forms/{token}/', { params: { token: 'a/b' }, query: { raw_data: true } });

    expectTypeOf(lead).toEqualTypeOf<LeadDetail>();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/leads/12/?expand=participants%2Coffers', '/api/v1/forms/a%2Fb/?raw_data=true']);
    expect(client.url('/api/v1/leads/{leadId}/debt/{id}/', { params: { leadId: 3, id: 4 } })).toBe('/api/v1/leads/3/debt/4/');
    expect(() => client.url('/api/v1/leads/{id}/')).toThrow('Missing path parameter "id" of /api/v1/leads/{id}/');
    expect(withQuery('/api/v1/leads/?page=2', { ordering: '-value' })).toBe('/api/v1/leads/?page=2&ordering=-value');
  });

  it('types bodies and answers from the contracts, and wants the parameters a template names', () => {
    const client = createApiClient();
    // Only types are checked here; nothing is sent.
    const never = () => {
      // @ts-expect-error the template names {id}: params are required
      void client.get('/api/v1/leads/{id}/');
      // @ts-expect-error a close needs its reason
      void client.post('/api/v1/leads/{id}/close/', { note: 'x' }, { params: { id: 1 } });
      expectTypeOf(client.post('/api/v1/leads/{id}/close/', { reason: 'CLIENT_NOT_INTERESTED' }, { params: { id: 1 } })).resolves.toEqualTypeOf<LeadDetail>();
      expectTypeOf(client.delete('/api/v1/persons/{personId}/labels/{id}/', { params: { personId: 1, id: 2 } })).resolves.toEqualTypeOf<void>();
      // A concrete path is the caller's to type, as before.
      expectTypeOf(client.get<{ a: 1 }>('/api/v1/leads/12/')).resolves.toEqualTypeOf<{ a: 1 }>();
    };
    expect(typeof never).toBe('function');
  });
});

describe('files', () => {
  it('downloads a file with the token, named by its Content-Disposition', async () => {
    const calls = serve({
      'POST /api/v1/persons/5/distraint/download/': () => ({
        status: 200,
        raw: 'a;b\r\n',
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="exekuce.csv"; filename*=UTF-8''exekuce-%C5%A0%C5%A5astn%C3%BD.csv` },
      }),
    });
    const { client } = session({ access: 'old', refresh: 'r1' });

    const file = await client.download('/api/v1/persons/{personId}/distraint/download/', { method: 'POST', params: { personId: 5 } });

    expect(file.fileName).toBe('exekuce-Šťastný.csv');
    expect(await file.blob.text()).toBe('a;b\r\n');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old');
    expect(calls[0]?.headers.get('Accept')).toBe('*/*');
  });

  it('hands back the approval request a four-eyes file call answers with 202 instead of the file', async () => {
    const approval = { object: 'approval_request', id: 12, state: 'PENDING' };
    serve({ 'POST /api/v1/deals/3/purposes/payments/': () => ({ status: 202, body: approval }) });
    const { client } = session({ access: 'old', refresh: 'r1' });
    const file = await client.download('/api/v1/deals/{dealId}/purposes/payments/', { method: 'POST', params: { dealId: 3 }, body: [1] });
    expect(file.accepted).toEqual(approval);
    expect(file.blob.size).toBe(0);
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(fileNameFromDisposition('attachment; filename="vypis \\"unor\\".pdf"')).toBe('vypis "unor".pdf');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('uploads with progress and answers the stored document, or an ApiError', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    let answer = { status: 201, text: '{"id":3,"file_name":"vypis.pdf"}' };
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      private request = { method: '', url: '' };
      open(method: string, url: string) {
        this.request = { method, url };
      }
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      abort() {}
      send(body: unknown) {
        sent.push({ ...this.request, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = answer.status;
        this.responseText = answer.text;
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const errors: number[] = [];
    const client = createApiClient({ onError: (error) => errors.push(error.status) });
    const form = new FormData();
    form.append('category', 'BANK_STATEMENT');
    const progress: number[] = [];

    const stored = await client.upload('/api/v1/forms/{token}/documents/', form, { params: { token: 'T' }, onProgress: (f) => progress.push(f) });
    expect(stored).toMatchObject({ id: 3, file_name: 'vypis.pdf' });
    expect(sent).toEqual([{ method: 'POST', url: '/api/v1/forms/T/documents/', body: form }]);
    expect(progress).toEqual([0.5]);

    answer = { status: 413, text: '{"detail":"Soubor je příliš velký."}' };
    await expect(client.upload('/api/v1/forms/{token}/documents/', form, { params: { token: 'T' } })).rejects.toMatchObject({ status: 413, body: { detail: 'Soubor je příliš velký.' } });
    expect(errors).toEqual([413]);
  });
});
