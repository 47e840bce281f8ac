import { useState } from 'react';
import { collateralSchema, type RealtyType } from '@lending/contracts';
import { api } from '../../shared/api';
import { RadioGroup } from '@lending/ui';
import { AddressWhisperer, addressFromData, addressPayload, type AddressValue } from '../../shared/ui/AddressWhisperer';
import { ErrorSummary } from '../../shared/ui/form';
import { paths, stepUrl, useApplication } from '../../shared/application';
import { StepLayout } from '../../shared/ui/StepLayout';
import { useStepSubmit } from './useStepSubmit';

const realtyTypes: readonly { value: RealtyType; label: string }[] = [
  { value: 'FLAT', label: 'Byt' },
  { value: 'FAMILY_HOUSE', label: 'Rodinný dům' },
  { value: 'LAND', label: 'Pozemek' },
  { value: 'OTHER', label: 'Jiná' },
];

export default function CoverPage() {
  const application = useApplication();
  const { token, type, form } = application;
  const data = form?.raw_data ?? {};

  const [haveRealty, setHaveRealty] = useState<'yes' | 'no' | ''>(() => (data.have_realty === 'yes' || data.have_realty === 'no' ? data.have_realty : ''));
  const [realtyType, setRealtyType] = useState<RealtyType | ''>(() => (typeof data.realty_type === 'string' ? (data.realty_type as RealtyType) : ''));
  const [address, setAddress] = useState<AddressValue>(() => addressFromData(data.realty_address));
  const { errors, attempt, sending, submit } = useStepSubmit(['have_realty', 'realty_type', 'realty_address']);

  const fields = [
    ['have_realty', 'have_realty-input', 'Nemovitost jako zajištění'],
    ['realty_type', 'realty_type-input', 'Typ nemovitosti'],
    ['realty_address', 'realty-address', 'Adresa nemovitosti'],
  ] as const;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = collateralSchema.safeParse({
      have_realty: haveRealty || undefined,
      ...(haveRealty === 'yes' ? { realty_type: realtyType || undefined, realty_address: addressPayload(address) } : {}),
    });
    void submit(
      parsed,
      (data) => api.submitCollateralInfo(token, data),
      () => stepUrl(paths.documents, { token, type }),
    );
  };

  return (
    <StepLayout path={paths.cover} title="Zajištění" type={type} back={stepUrl(paths.personData, { token, type })} intro="Nemovitost jako zajištění není podmínkou, ale může zlepšit podmínky nabídky.">
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
