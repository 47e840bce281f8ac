import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { alreadyReported, type FormView } from '../../shared/api';
import { ApiError } from '@lending/api-client';
import { showToast } from '../../shared/toast';
import { apiFieldErrors, issuesToErrors, type FieldErrors } from '../../shared/validation';
import { useApplication } from '../../shared/application';

export const STEP_FAILED = 'Nedaří se pokračovat ve formuláři. Zkuste to, prosím, znovu.';

type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: Parameters<typeof issuesToErrors>[0] } };

/**
 * One step's submit: check with the contracts schema, send, adopt the answer and go on. A 400's
 * field errors land at their fields; any other refusal shows the step-failure toast (5xx and
 * 429 have the API client's own toast).
 */
export function useStepSubmit(fieldNames: readonly string[]) {
  const application = useApplication();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);

  async function submit<T>(parsed: Parsed<T>, send: (data: T) => Promise<FormView>, next: (answer: FormView) => string) {
    setAttempt((n) => n + 1);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await send(parsed.data);
      await application.adoptForm(answer);
      navigate(next(answer));
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? apiFieldErrors(error.body, fieldNames) : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else if (!alreadyReported(error)) showToast(STEP_FAILED, 'error');
    } finally {
      setSending(false);
    }
  }

  return { errors, setErrors, attempt, sending, submit };
}
