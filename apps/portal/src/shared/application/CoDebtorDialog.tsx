import { useState } from 'react';
import { coDebtorSchema, formMessages } from '@lending/contracts';
import { api, tooManyRequestsText } from '../api';
import { ApiError } from '@lending/api-client';
import { CheckboxField, Dialog } from '@lending/ui';
import { showToast } from '../toast';
import { ErrorSummary, TextField } from '../ui/form';
import { emptyPerson, PersonFields, personFieldIds, personPayload, type PersonValues } from '../ui/PersonFields';
import { apiFieldErrors, issuesToErrors, type FieldErrors } from '../validation';
import { useApplication } from './ApplicationProvider';

export const CO_DEBTOR_CREATED = 'Spoludlužník byl vytvořen';
export const CO_DEBTOR_FAILED = 'Nepodařilo se vytvořit spoludlužníka';

/** The message of portal.md §8 for a failed co-debtor creation. */
export function coDebtorErrorMessage(error: unknown, companyId: string): string {
  if (!(error instanceof ApiError)) return CO_DEBTOR_FAILED;
  if (error.status === 429) return tooManyRequestsText(error);
  const body = (error.body ?? {}) as Record<string, unknown>;
  const detail = typeof body.detail === 'string' ? body.detail : '';
  if (detail.includes('not found')) return formMessages.companyIdNotFound(companyId);
  if ('identity_card_invalid' in body) return formMessages.identityCardInvalid;
  if ('birth_number' in body) return formMessages.birthNumberInvalid;
  if (error.status === 409 && ('duplicate_person' in body || detail === formMessages.duplicatePerson)) return formMessages.duplicatePerson;
  return CO_DEBTOR_FAILED;
}

const PREFIX = 'co-debtor';

export default function CoDebtorDialog({ onClose }: { onClose: () => void }) {
  const application = useApplication();
  const { token, type } = application;
  const [open, setOpen] = useState(true);
  const [values, setValues] = useState<PersonValues>(emptyPerson);
  const [selfEmployed, setSelfEmployed] = useState(false);
  const [companyId, setCompanyId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const business = type === 'INVESTMENT_LOAN';

  const fields = [...personFieldIds(PREFIX), ...(business && selfEmployed ? ([['company_id', 'co-debtor-company-id', 'IČO']] as const) : [])] as const;

  const setError = (field: string, message: string | undefined) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setFailure('');
    const company = business && selfEmployed ? companyId.trim() : '';
    const parsed = coDebtorSchema(type ?? 'CONSUMER_LOAN').safeParse({ ...personPayload(values), company_id: company });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const { company_id: _company, ...person } = parsed.data;
      await api.createDebtor(token, { ...person, companyId: company });
      showToast(CO_DEBTOR_CREATED, 'success');
      await application.reload();
      setOpen(false);
    } catch (error) {
      setFailure(coDebtorErrorMessage(error, company));
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = apiFieldErrors(error.body, [...fields.map(([name]) => name)]);
        setErrors(fieldErrors);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog id="co-debtor-dialog" title="Přidat spoludlužníka" open={open} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="dialog__form">
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
        <ErrorSummary errors={errors} fields={fields} attempt={attempt} />
        <PersonFields prefix={PREFIX} values={values} onChange={setValues} errors={errors} setError={setError} />
        {business && (
          <CheckboxField id="co-debtor-self-employed" label="Spoludlužník podniká nebo zastupuje právnickou osobu" checked={selfEmployed} onChange={setSelfEmployed} />
        )}
        {business && selfEmployed && (
          <TextField id="co-debtor-company-id" label="IČO" inputMode="numeric" autoComplete="off" value={companyId} onValueChange={setCompanyId} error={errors.company_id} maxLength={12} />
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            Uložit spoludlužníka
          </button>
        </div>
      </form>
    </Dialog>
  );
}
