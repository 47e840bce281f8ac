import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FormType } from '@lending/contracts';
import { api, isTooManyRequests, type FormView, type Utm } from '../api';
import { showToast } from '../toast';
import {
  bankReturnRedirect,
  decodeIrregularOffer,
  decodeOffer,
  paths,
  stepForState,
  stepUrl,
  type IrregularOfferDraft,
  type RegularOfferDraft,
} from './logic';

export const FORM_LOAD_FAILED = 'Nepodařilo se načíst žádost';
const FormSync = lazy(() => import('./FormSync'));
export const BANK_CONNECTED = 'Napojení Vaší banky proběhlo úspěšně';

const FORM_TYPES: readonly FormType[] = ['CONSUMER_LOAN', 'INVESTMENT_LOAN'];
export const parseFormType = (value: string | null | undefined): FormType | null =>
  FORM_TYPES.includes(value as FormType) ? (value as FormType) : null;

/** The offer the applicant already accepted, when they come to confirm one again. */
export type AcceptedOffer = NonNullable<FormView['applied_offer']>;

interface StoredState {
  token: string | null;
  type: FormType | null;
  utm: Utm;
  offerDraft: RegularOfferDraft | null;
  irregularOfferDraft: IrregularOfferDraft | null;
  acceptedOffer: AcceptedOffer | null;
}

const emptyState: StoredState = { token: null, type: null, utm: {}, offerDraft: null, irregularOfferDraft: null, acceptedOffer: null };

/** The page's URL without the offer of the e-mail link: once handled, a reload must not repeat it. */
function withoutOffer(pathname: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete('offer');
  rest.delete('irregular_offer');
  return rest.size ? `${pathname}?${rest}` : pathname;
}

export interface Application extends StoredState {
  /** The form of the token (with raw_data), once loaded. */
  form: FormView | undefined;
  /** Application start finished: the form is loaded or there is none. */
  ready: boolean;
  /** Adopts a form answered by create or submit: its token, type and state. */
  adoptForm(form: FormView): Promise<void>;
  /** Refetches the form; answers it. */
  reload(): Promise<FormView | undefined>;
  /** Clears everything and goes back to the Crossroad. */
  reset(): void;
  /** Forgets the offer of the link and drops it from the URL. */
  clearOfferDrafts(): void;
  /** Tells the applicant the offer is accepted already (instead of asking to confirm it). */
  showAcceptedOffer(offer: AcceptedOffer): void;
  dismissAcceptedOffer(): void;
  /** Forgets the finished form without leaving the page (thank-you screen). */
  finish(): void;
  /** Where the form continues for its state (replacing the current entry, e.g. an offer link). */
  goToActiveStep(form?: FormView): void;
  /** A step's URL with the form's query (token, type). */
  urlFor(path: string): string;
}

const ApplicationContext = createContext<Application | null>(null);

export function useApplication(): Application {
  const application = useContext(ApplicationContext);
  if (!application) throw new Error('useApplication() needs <ApplicationProvider>');
  return application;
}

function utmFrom(search: URLSearchParams, current: Utm): Utm {
  const utm: Utm = { ...current };
  for (const key of ['utm_source', 'utm_campaign', 'utm_medium'] as const) {
    const value = search.get(key);
    if (value && !utm[key]) utm[key] = value;
  }
  return utm;
}

export function ApplicationProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<StoredState>(emptyState);
  const [loadedForm, setForm] = useState<FormView | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const started = useRef(false);
  const revalidate = useRef<(() => Promise<FormView | undefined>) | null>(null);
  const register = useCallback((fn: (() => Promise<FormView | undefined>) | null) => {
    revalidate.current = fn;
  }, []);
  const form = state.token && loadedForm?.token === state.token ? loadedForm : undefined;

  

  // Application start (portal.md §4): once, with the URL the applicant came with.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let search = new URLSearchParams(location.search);
    let pathname = location.pathname;

    const bankReturn = bankReturnRedirect(pathname, search);
    if (bankReturn) {
      navigate(bankReturn, { replace: true });
      showToast(BANK_CONNECTED, 'success');
      const url = new URL(bankReturn, 'http://portal');
      search = url.searchParams;
      pathname = url.pathname;
    }

    const token = search.get('token');
    const next: StoredState = { ...emptyState, type: parseFormType(search.get('type')), utm: utmFrom(search, {}) };
    if (!token) {
      // The application start reads the URL once, after the first render (as before the offer
      // handling below made the compiler-based rule see this effect).
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState(next);
      setReady(true);
      return;
    }
    next.token = token;
    try {
      const offer = search.get('offer');
      if (offer) next.offerDraft = decodeOffer(offer);
      const irregular = search.get('irregular_offer');
      if (irregular) next.irregularOfferDraft = decodeIrregularOffer(irregular);
    } catch (error) {
      showToast((error as Error).message, 'error');
    }

    api
      .getForm(token)
      .then(async (loaded) => {
        if (loaded.state === 'CLOSED') {
          setState({ ...emptyState, utm: next.utm });
          navigate(paths.crossroad, { replace: true });
          return;
        }
        setForm(loaded);
        const offered = next.offerDraft !== null || next.irregularOfferDraft !== null;
        // The link of an offer already accepted (opened again, or reloaded): say so kindly.
        const accepted = offered && loaded.is_offer_applied;
        setState({
          ...next,
          type: loaded.type,
          ...(accepted ? { offerDraft: null, irregularOfferDraft: null, acceptedOffer: loaded.applied_offer ?? null } : {}),
        });
        const stays = pathname === paths.documents || offered;
        const target = stepForState(loaded.state);
        if (!stays && target !== pathname) navigate(stepUrl(target, { token, type: loaded.type }), { replace: true });
        else if (accepted) navigate(withoutOffer(pathname, search), { replace: true });
      })
      .catch((error: unknown) => {
        if (!isTooManyRequests(error)) showToast(FORM_LOAD_FAILED, 'error');
        setState({ ...emptyState, utm: next.utm });
        navigate(paths.crossroad, { replace: true });
      })
      .finally(() => setReady(true));
    // Runs once on purpose: later URL changes are the app's own navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Opening / (without a token to resume) always starts a new form. Adjusted while rendering
  // (not in an effect) so the Crossroad never shows with the previous form for a frame.
  const query = new URLSearchParams(location.search);
  if (ready && location.pathname === paths.crossroad && !query.get('token') && (state.token || state.type || state.offerDraft || state.irregularOfferDraft || state.acceptedOffer)) {
    setState({ ...emptyState, utm: utmFrom(query, state.utm) });
  }

  const type = (state.token ? form?.type : null) ?? parseFormType(query.get('type')) ?? state.type;

  const urlFor = useCallback((path: string) => stepUrl(path, { token: state.token, type }), [state.token, type]);

  const goToActiveStep = useCallback(
    (current?: FormView) => {
      const target = current ?? form;
      if (!target) return;
      navigate(stepUrl(stepForState(target.state), { token: target.token, type: target.type }), { replace: true });
    },
    [form, navigate],
  );

  const reload = useCallback(async () => {
    const token = state.token;
    if (!token) return undefined;
    const fresh = revalidate.current ? await revalidate.current() : await api.getForm(token);
    if (fresh) setForm(fresh);
    return fresh;
  }, [state.token]);

  const adoptForm = useCallback(async (answer: FormView) => {
    setState((current) => ({ ...current, token: answer.token, type: answer.type }));
    // The answer carries masked data only; keep the raw data until the refetch brings it.
    setForm((old) => ({ ...answer, raw_data: { ...(old?.token === answer.token ? old.raw_data : {}), ...answer.raw_data } }));
    const fresh = revalidate.current ? await revalidate.current().catch(() => undefined) : await api.getForm(answer.token).catch(() => undefined);
    if (fresh) setForm(fresh);
  }, []);

  const reset = useCallback(() => {
    setState(emptyState);
    navigate(paths.crossroad);
  }, [navigate]);

  const finish = useCallback(() => {
    setState(emptyState);
    setForm(undefined);
  }, []);

  const clearOfferDrafts = useCallback(() => {
    setState((current) => ({ ...current, offerDraft: null, irregularOfferDraft: null }));
    const params = new URLSearchParams(location.search);
    if (params.has('offer') || params.has('irregular_offer')) navigate(withoutOffer(location.pathname, params), { replace: true });
  }, [navigate, location.pathname, location.search]);
  const showAcceptedOffer = useCallback((offer: AcceptedOffer) => setState((current) => ({ ...current, offerDraft: null, irregularOfferDraft: null, acceptedOffer: offer })), []);
  const dismissAcceptedOffer = useCallback(() => setState((current) => ({ ...current, acceptedOffer: null })), []);

  const value = useMemo<Application>(
    () => ({ ...state, type, form, ready, adoptForm, reload, reset, finish, clearOfferDrafts, showAcceptedOffer, dismissAcceptedOffer, goToActiveStep, urlFor }),
    [state, type, form, ready, adoptForm, reload, reset, finish, clearOfferDrafts, showAcceptedOffer, dismissAcceptedOffer, goToActiveStep, urlFor],
  );
  return (
    <ApplicationContext.Provider value={value}>
      {state.token && ready && (
        <Suspense fallback={null}>
          <FormSync token={state.token} initial={form} onData={setForm} register={register} />
        </Suspense>
      )}
      {children}
    </ApplicationContext.Provider>
  );
}
