import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { loanDefaults, loanSchema } from '@lending/contracts';
import { api } from '../../shared/api';
import { formatNumber } from '@lending/ui';
import { parseAmount } from '../../shared/format';
import { ErrorSummary, TextField } from '../../shared/ui/form';
import { paths, stepUrl, useApplication } from '../../shared/application';
import { StepLayout } from '../../shared/ui/StepLayout';
import { useStepSubmit } from './useStepSubmit';

export { STEP_FAILED } from './useStepSubmit';

const amountText = (value: unknown, fallback: number) => formatNumber(typeof value === 'number' ? value : fallback);
/** Shows what was typed as "50 000" once the field is left, when it is a whole number. */
const reformat = (text: string) => {
  const amount = parseAmount(text);
  return amount === undefined ? text : formatNumber(amount);
};

export default function LoanValuePage() {
  const application = useApplication();
  const { type, token, form } = application;
  const data = form?.raw_data ?? form?.data ?? {};

  const [value, setValue] = useState(() => amountText(data.value, loanDefaults.value));
  const [installment, setInstallment] = useState(() => amountText(data.installment_value, loanDefaults.installment_value));
  const [purpose, setPurpose] = useState(() => (typeof data.purpose === 'string' ? data.purpose : ''));
  const { errors, attempt, sending, submit } = useStepSubmit(['value', 'installment_value', 'purpose']);

  // Without a loan type there is nothing to fill in: start over at the Crossroad.
  if (!type) return <Navigate to={paths.crossroad} replace />;
  const business = type === 'INVESTMENT_LOAN';

  const fields = [
    ['value', 'loan-value', 'Výše půjčky'],
    ['installment_value', 'loan-installment', 'Měsíční splátka'],
    ...(business ? ([['purpose', 'loan-purpose', 'Účel úvěru']] as const) : []),
  ] as const;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = loanSchema(type).safeParse({ value, installment_value: installment, ...(business ? { purpose } : {}) });
    void submit(
      parsed,
      (data) => {
        const loan = { value: data.value, installment_value: data.installment_value, ...(business ? { purpose: data.purpose } : {}) };
        return token ? api.submitBasicDealInfo(token, loan) : api.createForm(type, loan, application.utm);
      },
      (answer) => stepUrl(paths.personData, { token: answer.token, type: answer.type }),
    );
  };

  return (
    // Back to the choice of the loan only before there is a form: the Crossroad starts a new one.
    <StepLayout path={paths.loanValue} title="Výše půjčky" type={type} back={token ? null : paths.crossroad} intro="Kolik si chcete půjčit a jakou měsíční splátku zvládnete?">
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

