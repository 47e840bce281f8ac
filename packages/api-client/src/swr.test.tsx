import type { LeadDetail } from '@lending/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createUseApi } from './swr';

const useApi = createUseApi(createApiClient());

function Lead({ id }: { id: number | null }) {
  const { data } = useApi('/api/v1/leads/{id}/', { params: { id } });
  expectTypeOf(data).toEqualTypeOf<LeadDetail | undefined>();
  return <p>{data ? `Lead ${data.id}: ${data.state}` : 'Nic'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useApi', () => {
  it('fetches a template with its parameters, and nothing while one is missing', async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ id: Number(url.split('/')[4]), state: 'NEW' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { rerender } = render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Lead id={null} />
      </SWRConfig>,
    );
    expect(screen.getByText('Nic')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    rerender(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Lead id={12} />
      </SWRConfig>,
    );
    await waitFor(() => expect(screen.getByText('Lead 12: NEW')).toBeTruthy());
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v1/leads/12/']);
  });
});
