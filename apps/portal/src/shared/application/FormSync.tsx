import { useEffect } from 'react';
import useSWR from 'swr';
import { formKey, isTooManyRequests, type FormView } from '../api';
import { swrOptions } from '../swr';
import { showToast } from '../toast';

export const FORM_LOAD_FAILED = 'Nepodařilo se načíst žádost';

interface Props {
  token: string;
  initial: FormView | undefined;
  onData: (form: FormView) => void;
  register: (revalidate: (() => Promise<FormView | undefined>) | null) => void;
}

/**
 * Keeps the form of the token fresh with SWR (GET /forms/{token}/?raw_data=true). Loaded only
 * once there is a token, so swr stays out of the Crossroad's first load.
 */
export default function FormSync({ token, initial, onData, register }: Props) {
  const { data, mutate } = useSWR<FormView>(formKey(token), {
    ...swrOptions,
    fallbackData: initial,
    revalidateOnMount: !initial,
    onError: (error: unknown) => {
      if (!isTooManyRequests(error)) showToast(FORM_LOAD_FAILED, 'error');
    },
  });
  useEffect(() => {
    if (data) onData(data);
  }, [data, onData]);
  useEffect(() => {
    register(() => mutate());
    return () => register(null);
  }, [mutate, register]);
  return null;
}
