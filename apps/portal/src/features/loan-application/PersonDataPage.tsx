import { useState } from 'react';
import { Link } from 'react-router-dom';
import { personInfoSchema } from '@lending/contracts';
import { api } from '../../shared/api';
import { CheckboxField } from '@lending/ui';
import { ErrorSummary, TextField } from '../../shared/ui/form';
import { PersonFields, personFieldIds, personFromData, personPayload, type PersonValues } from '../../shared/ui/PersonFields';
import { paths, stepUrl, useApplication } from '../../shared/application';
import { StepLayout } from '../../shared/ui/StepLayout';
import { useStepSubmit } from './useStepSubmit';

const PREFIX = 'person';
const FIELD_NAMES = [...personFieldIds(PREFIX).map(([name]) => name), 'self_employed_id', 'consent'];

export default function PersonDataPage() {
  const application = useApplication();
  const { token, type, form } = application;
  const data = form?.raw_data ?? {};

  const [values, setValues] = useState<PersonValues>(() => personFromData(data));
  const [companyId, setCompanyId] = useState(() => (typeof data.self_employed_id === 'string' ? data.self_employed_id : ''));
  const [consent, setConsent] = useState(false);
  const { errors, setErrors, attempt, sending, submit } = useStepSubmit(FIELD_NAMES);

  if (!token || !type) {
    return (
      <StepLayout path={paths.personData} title="Osobní údaje" type={type}>
        <p>Nejdříve prosím zvolte typ půjčky a její výši.</p>
        <Link to={paths.crossroad} className="button">
          Začít žádost
        </Link>
      </StepLayout>
    );
  }
  const business = type === 'INVESTMENT_LOAN';
  const fields = [...personFieldIds(PREFIX), ...(business ? ([['self_employed_id', 'person-company-id', 'IČO']] as const) : []), ['consent', 'person-consent', 'Souhlas']] as const;

  const setError = (field: string, message: string | undefined) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = { ...personPayload(values), ...(business ? { self_employed_id: companyId } : {}), consent };
    void submit(
      personInfoSchema(type).safeParse(payload),
      (data) => api.submitPersonInfo(token, data),
      () => stepUrl(paths.cover, { token, type }),
    );
  };

  return (
    <StepLayout path={paths.personData} title="Osobní údaje" type={type} back={stepUrl(paths.loanValue, { token, type })} intro="Údaje potřebujeme k posouzení žádosti. Chráníme je a nikomu je neposkytujeme.">
      <form noValidate onSubmit={onSubmit}>
        <ErrorSummary errors={errors} fields={fields} attempt={attempt} />
        <PersonFields prefix={PREFIX} values={values} onChange={setValues} errors={errors} setError={setError} />
        {business && (
          <TextField id="person-company-id" label="IČO" inputMode="numeric" autoComplete="off" hint="Identifikační číslo Vaší firmy nebo živnosti (8 číslic)." value={companyId} onValueChange={setCompanyId} error={errors.self_employed_id} maxLength={12} />
        )}
        <CheckboxField
          id="person-consent"
          checked={consent}
          onChange={setConsent}
          error={errors.consent}
          label="Prohlašuji, že uvedené údaje jsou pravdivé, a souhlasím se zpracováním osobních údajů za účelem posouzení žádosti."
        />
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            Pokračovat
          </button>
        </div>
      </form>
    </StepLayout>
  );
}
