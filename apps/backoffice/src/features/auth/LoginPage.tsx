import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError } from '@lending/api-client';
import { FieldFrame } from '@lending/ui';
import { setTokens } from '../../shared/session';
import { obtainTokens } from './api';
import type { LoginRedirectState } from './RequireAuth';
import { useIsAuthenticated } from './useSession';

export const loginMessages = {
  invalidCredentials: 'Nesprávný e-mail nebo heslo.',
  tooManyAttempts: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím později.',
  emailRequired: 'Zadejte e-mail.',
  passwordRequired: 'Zadejte heslo.',
  unavailable: 'Přihlášení se nezdařilo. Zkuste to prosím znovu.',
  offline: 'Nepodařilo se spojit se serverem. Zkontrolujte připojení a zkuste to znovu.',
  sessionExpired: 'Vaše přihlášení vypršelo. Přihlaste se prosím znovu, vrátíme vás na rozpracovanou stránku.',
  sessionIdle: 'Po 30 minutách nečinnosti jsme vás odhlásili. Přihlaste se prosím znovu, vrátíme vás na rozpracovanou stránku.',
  signedOutEverywhere: 'Byli jste odhlášeni na všech zařízeních a ve všech prohlížečích.',
} as const;

const ENDED_MESSAGES = { expired: loginMessages.sessionExpired, idle: loginMessages.sessionIdle, everywhere: loginMessages.signedOutEverywhere } as const;

interface LoginErrors {
  form?: string[];
  email?: string[];
  password?: string[];
}

function errorsFromFailure(error: unknown): LoginErrors {
  if (!(error instanceof ApiError)) return { form: [loginMessages.offline] };
  switch (error.status) {
    case 401:
      return { form: [loginMessages.invalidCredentials] };
    case 429:
      return { form: [loginMessages.tooManyAttempts] };
    case 400: {
      const { email, password, non_field_errors: nonField, detail } = error.fieldErrors;
      const form = [...(nonField ?? []), ...(detail ?? [])];
      const errors: LoginErrors = { email, password, form: form.length ? form : undefined };
      return errors.email || errors.password || errors.form ? errors : { form: [loginMessages.unavailable] };
    }
    default:
      return { form: [loginMessages.unavailable] };
  }
}

function validate(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = [loginMessages.emailRequired];
  if (!password) errors.password = [loginMessages.passwordRequired];
  return errors;
}

export function LoginPage() {
  const isAuthenticated = useIsAuthenticated();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const redirectState = location.state as LoginRedirectState | null;
  const redirectTo = redirectState?.from ?? '/';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const ids = { email: useId(), password: useId() };

  const hasErrors = Boolean(errors.form || errors.email || errors.password);
  useEffect(() => {
    // Move focus to the message so keyboard and screen-reader users learn what went wrong.
    if (hasErrors) alertRef.current?.focus();
  }, [errors, hasErrors]);

  if (isAuthenticated && !isSubmitting) return <Navigate to={redirectTo} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const clientErrors = validate(email, password);
    if (clientErrors.email || clientErrors.password) {
      setErrors(clientErrors);
      return;
    }
    setIsSubmitting(true);
    setErrors({});
    try {
      const tokens = await obtainTokens({ email: email.trim(), password });
      // Nothing cached for an earlier session may show to whoever signs in now.
      await mutate(() => true, undefined, { revalidate: false });
      setTokens(tokens);
      navigate(redirectTo, { replace: true });
    } catch (error) {
      setErrors(errorsFromFailure(error));
      setIsSubmitting(false);
    }
  }

  const summary = [...(errors.form ?? []), ...(errors.email ?? []), ...(errors.password ?? [])];

  return (
    <main className="login">
      <title>Přihlášení – Back-office</title>
      <div className="login__card">
        <h1 className="login__title">Přihlášení do back-office</h1>
        {redirectState?.ended && redirectState.ended !== 'logout' && summary.length === 0 && (
          <div className="notice" role="status">
            <p>{ENDED_MESSAGES[redirectState.ended]}</p>
          </div>
        )}
        {summary.length > 0 && (
          <div ref={alertRef} className="alert" role="alert" tabIndex={-1}>
            {errors.form ? (
              errors.form.map((message, index) => <p key={index}>{message}</p>)
            ) : (
              <p>Opravte prosím vyznačená pole.</p>
            )}
          </div>
        )}
        <form onSubmit={handleSubmit} noValidate>
          <FieldFrame id={ids.email} label="E-mail" error={errors.email}>
            {(aria) => (
              <input
                {...aria}
                name="email"
                type="email"
                autoComplete="username"
                inputMode="email"
                spellCheck={false}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </FieldFrame>
          <FieldFrame id={ids.password} label="Heslo" error={errors.password}>
            {(aria) => <input {...aria} name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
          </FieldFrame>
          <button type="submit" className="button button--block" disabled={isSubmitting}>
            {isSubmitting ? 'Přihlašuji…' : 'Přihlásit se'}
          </button>
        </form>
      </div>
    </main>
  );
}
