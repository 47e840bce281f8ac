import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { collateralSchema, type RealtyType } from '@lending/contracts';
import { api, ApiError } from '../../shared/api';
import { showToast } from '../../shared/toast';
import { AddressWhisperer, addressFromData, addressPayload, type AddressValue } from '../../shared/ui/AddressWhisperer';
import { ErrorSummary, RadioGroup } from '../../shared/ui/form';
import { apiFieldErrors, issuesToErrors, type FieldErrors } from '../../shared/validation';
import { paths, stepUrl, useApplication } from '../application';
import { STEP_FAILED } from './LoanValuePage';
import { StepLayout } from './StepLayout';

const realtyTypes: readonly { value: RealtyType; label: string }[] = [
  { value: 'FLAT', label: 'Byt' },
  { value: 'FAMILY_HOUSE', label: 'Rodinný dům' },
  { value: 'LAND', label: 'Pozemek' },
  { value: 'OTHER', label: 'Jiná' },
];

export default function CoverPage() {
  const application = useApplication();
  const navigate = useNavigate();
  const { token, type, form } = application;
  const data = form?.raw_data ?? {};

  const [haveRealty, setHaveRealty] = useState<'yes' | 'no' | ''>(() => (data.have_realty === 'yes' || data.have_realty === 'no' ? data.have_realty : ''));
  const [realtyType, setRealtyType] = useState<RealtyType | ''>(() => (typeof data.realty_type === 'string' ? (data.realty_type as RealtyType) : ''));
  const [address, setAddress] = useState<AddressValue>(() => addressFromData(data.realty_address));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);

  const fields = [
    ['have_realty', 'have_realty-input'],
    ['realty_type', 'realty_type-input'],
    ['realty_address', 'realty-address'],
  ] as const;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const parsed = collateralSchema.safeParse({
      have_realty: haveRealty || undefined,
      ...(haveRealty === 'yes' ? { realty_type: realtyType || undefined, realty_address: addressPayload(address) } : {}),
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await api.submitCollateralInfo(token, parsed.data);
      await application.adoptForm(answer);
      navigate(stepUrl(paths.documents, { token, type }));
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? apiFieldErrors(error.body, fields.map(([name]) => name)) : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      if (!(error instanceof ApiError && error.status >= 500)) showToast(STEP_FAILED, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <StepLayout path={paths.cover} title="Zajištění" type={type} intro="Nemovitost jako zajištění není podmínkou, ale může zlepšit podmínky nabídky.">
      <form noValidate onSubmit={onSubmit}>
        <ErrorSummary errors={errors} fields={fields} attempt={attempt} />
        <RadioGroup
          name="have_realty"
          legend="Máte nemovitost, kterou můžete nabídnout jako zajištění?"
          options={[
            { value: 'yes', label: 'Ano' },
            { value: 'no', label: 'Ne' },
          ]}
          value={haveRealty}
          onChange={setHaveRealty}
          error={errors.have_realty}
          inline
        />
        {haveRealty === 'yes' && (
          <div className="conditional">
            <RadioGroup name="realty_type" legend="Typ nemovitosti" options={realtyTypes} value={realtyType} onChange={setRealtyType} error={errors.realty_type} />
            <AddressWhisperer id="realty-address" label="Adresa nemovitosti" value={address} onChange={setAddress} error={errors.realty_address} />
          </div>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            Pokračovat
          </button>
        </div>
      </form>
    </StepLayout>
  );
}
