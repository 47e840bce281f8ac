import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { loanDefaults, loanSchema } from '@lending/contracts';
import { api, ApiError } from '../../shared/api';
import { formatNumber, parseAmount } from '../../shared/format';
import { showToast } from '../../shared/toast';
import { ErrorSummary, TextField } from '../../shared/ui/form';
import { apiFieldErrors, issuesToErrors, type FieldErrors } from '../../shared/validation';
import { paths, stepUrl, useApplication } from '../application';
import { StepLayout } from './StepLayout';

export const STEP_FAILED = 'Nedaří se pokračovat ve formuláři. Zkuste to, prosím, znovu.';

const amountText = (value: unknown, fallback: number) => formatNumber(typeof value === 'number' ? value : fallback);
/** Shows what was typed as "50 000" once the field is left, when it is a whole number. */
const reformat = (text: string) => {
  const amount = parseAmount(text);
  return amount === undefined ? text : formatNumber(amount);
};

export default function LoanValuePage() {
  const application = useApplication();
  const navigate = useNavigate();
  const { type, token, form } = application;
  const data = form?.raw_data ?? form?.data ?? {};

  const [value, setValue] = useState(() => amountText(data.value, loanDefaults.value));
  const [installment, setInstallment] = useState(() => amountText(data.installment_value, loanDefaults.installment_value));
  const [purpose, setPurpose] = useState(() => (typeof data.purpose === 'string' ? data.purpose : ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);

  // Without a loan type there is nothing to fill in: start over at the Crossroad.
  if (!type) return <Navigate to={paths.crossroad} replace />;
  const business = type === 'INVESTMENT_LOAN';

  const fields = [
    ['value', 'loan-value'],
    ['installment_value', 'loan-installment'],
    ...(business ? ([['purpose', 'loan-purpose']] as const) : []),
  ] as const;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const parsed = loanSchema(type).safeParse({ value, installment_value: installment, ...(business ? { purpose } : {}) });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const loan = { value: parsed.data.value, installment_value: parsed.data.installment_value, ...(business ? { purpose: parsed.data.purpose } : {}) };
      const answer = token ? await api.submitBasicDealInfo(token, loan) : await api.createForm(type, loan, application.utm);
      await application.adoptForm(answer);
      navigate(stepUrl(paths.personData, { token: answer.token, type: answer.type }));
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? apiFieldErrors(error.body, ['value', 'installment_value', 'purpose']) : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else if (!(error instanceof ApiError && error.status >= 500)) showToast(STEP_FAILED, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <StepLayout path={paths.loanValue} title="Výše půjčky" type={type} intro="Kolik si chcete půjčit a jakou měsíční splátku zvládnete?">
      <form noValidate onSubmit={onSubmit}>
        <ErrorSummary errors={errors} fields={fields} attempt={attempt} />
        <TextField
          id="loan-value"
          label="Výše půjčky"
          inputMode="numeric"
          autoComplete="off"
          suffix="Kč"
          className="input--amount"
          hint={business ? 'Od 50 000 Kč do 50 milionů Kč, v celých korunách.' : 'Od 50 000 Kč do 5 milionů Kč, v celých korunách.'}
          value={value}
          onValueChange={setValue}
          onBlur={() => setValue(reformat)}
          error={errors.value}
        />
        <TextField
          id="loan-installment"
          label="Měsíční splátka"
          inputMode="numeric"
          autoComplete="off"
          suffix="Kč"
          className="input--amount"
          hint={`Kolik můžete měsíčně splácet. Nejméně 1 000 Kč, nejvýše ${business ? '250 000' : '50 000'} Kč a méně než výše půjčky.`}
          value={installment}
          onValueChange={setInstallment}
          onBlur={() => setInstallment(reformat)}
          error={errors.installment_value}
        />
        {business && (
          <TextField id="loan-purpose" label="Účel úvěru" hint="Například nákup stroje, provozní financování nebo refinancování." value={purpose} onValueChange={setPurpose} error={errors.purpose} maxLength={500} />
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={sending} aria-disabled={sending}>
            Pokračovat
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

