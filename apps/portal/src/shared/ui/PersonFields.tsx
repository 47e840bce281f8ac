import { emailField } from '@lending/contracts';
import type { FieldErrors } from '../validation';
import { AddressWhisperer, addressFromData, addressPayload, emptyAddress, type AddressValue } from './AddressWhisperer';
import { TextField } from './form';

/** The person fields shared by the person step and the co-debtor dialog. */
export interface PersonValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_number: string;
  permanent_address: AddressValue;
  identity_card: string;
}

export const emptyPerson: PersonValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  birth_number: '',
  permanent_address: emptyAddress,
  identity_card: '',
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function personFromData(data: Record<string, unknown>): PersonValues {
  return {
    first_name: text(data.first_name),
    last_name: text(data.last_name),
    email: text(data.email),
    phone: text(data.phone),
    birth_number: text(data.birth_number),
    permanent_address: addressFromData(data.permanent_address),
    identity_card: text(data.identity_card),
  };
}

export function personPayload(values: PersonValues): Record<string, unknown> {
  return { ...values, permanent_address: addressPayload(values.permanent_address) };
}

export const personFieldOrder = ['first_name', 'last_name', 'email', 'phone', 'birth_number', 'permanent_address', 'identity_card'] as const;

/** The labels of the fields below: the error summary names each field by them. */
export const personFieldLabels: Record<(typeof personFieldOrder)[number], string> = {
  first_name: 'Jméno',
  last_name: 'Příjmení',
  email: 'E-mail',
  phone: 'Telefon',
  birth_number: 'Rodné číslo',
  permanent_address: 'Adresa trvalého bydliště',
  identity_card: 'Číslo občanského průkazu',
};

/** [field, id of its control, label] in the order of the form, for the error summary. */
export const personFieldIds = (prefix: string) => personFieldOrder.map((name) => [name, `${prefix}-${name.replace(/_/g, '-')}`, personFieldLabels[name]] as const);

interface Props {
  prefix: string;
  values: PersonValues;
  onChange: (values: PersonValues) => void;
  errors: FieldErrors;
  setError: (field: string, message: string | undefined) => void;
}

export function PersonFields({ prefix, values, onChange, errors, setError }: Props) {
  const id = (name: string) => `${prefix}-${name.replace(/_/g, '-')}`;
  const set = (name: keyof PersonValues) => (value: string) => onChange({ ...values, [name]: value });
  return (
    <>
      <div className="field-row">
        <TextField id={id('first_name')} label={personFieldLabels.first_name} autoComplete="given-name" value={values.first_name} onValueChange={set('first_name')} error={errors.first_name} maxLength={100} />
        <TextField id={id('last_name')} label={personFieldLabels.last_name} autoComplete="family-name" value={values.last_name} onValueChange={set('last_name')} error={errors.last_name} maxLength={100} />
      </div>
      <TextField
        id={id('email')}
        label={personFieldLabels.email}
        type="email"
        autoComplete="email"
        spellCheck={false}
        value={values.email}
        onValueChange={set('email')}
        onBlur={() => {
          // portal.md §5: the e-mail is checked when the field is left.
          const result = emailField.safeParse(values.email);
          setError('email', result.success ? undefined : result.error.issues[0]?.message);
        }}
        error={errors.email}
      />
      <TextField id={id('phone')} label={personFieldLabels.phone} type="tel" autoComplete="tel" hint="České nebo slovenské číslo, např. 777 123 456." value={values.phone} onValueChange={set('phone')} error={errors.phone} />
      <TextField id={id('birth_number')} label={personFieldLabels.birth_number} inputMode="numeric" autoComplete="off" hint="Bez lomítka nebo s ním, např. 900505/4344." value={values.birth_number} onValueChange={set('birth_number')} error={errors.birth_number} />
      <AddressWhisperer id={id('permanent_address')} label={personFieldLabels.permanent_address} value={values.permanent_address} onChange={(address) => onChange({ ...values, permanent_address: address })} error={errors.permanent_address} />
      <TextField id={id('identity_card')} label={personFieldLabels.identity_card} autoComplete="off" hint="9 číslic, u starších průkazů 6 číslic a dvě písmena." value={values.identity_card} onValueChange={set('identity_card')} error={errors.identity_card} />
    </>
  );
}
