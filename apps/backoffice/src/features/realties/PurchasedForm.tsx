import {
  PurchasedPropertyState,
  RealtyType,
  purchasedPropertyPatchRequest,
  purchasedPropertyRequest,
  type PurchasedPropertyPatchRequest,
  type PurchasedPropertyRequest,
  type PurchasedPropertyView,
} from '@lending/contracts';
import type { ReactNode } from 'react';
import { enumOptions, ErrorSummary, MoneyField, SelectField, TextAreaField, TextField } from '@lending/ui';
import { amountOrNull, amountToInput, intOrText, validate } from '../../shared/form';
import { CadastralLocationPicker } from '../../shared/ui/CadastralLocationPicker';
import { useForm } from '../../shared/useForm';
import { decimalInput } from './realty-format';

// The form of a purchased property: its realty's fields, the deal, prices, dates and a note.
// Keys are the API's ("realty.street"), so its 400 messages land on their controls.

const REALTY_KEYS = ['type', 'whole_address', 'street', 'house_number', 'city', 'zip', 'cadastral_area_code', 'lv_number', 'parcel_number', 'unit_number', 'floor_area', 'land_area', 'note'] as const;

export const PURCHASED_LABELS: Record<string, string> = {
  'realty.type': 'Druh nemovitosti',
  'realty.whole_address': 'Celá adresa',
  'realty.street': 'Ulice',
  'realty.house_number': 'Číslo domu',
  'realty.city': 'Obec',
  'realty.zip': 'PSČ',
  'realty.cadastral_area_code': 'Katastrální území',
  'realty.lv_number': 'Číslo listu vlastnictví',
  'realty.parcel_number': 'Číslo parcely',
  'realty.unit_number': 'Číslo jednotky',
  'realty.floor_area': 'Podlahová plocha (m²)',
  'realty.land_area': 'Výměra pozemku (m²)',
  'realty.note': 'Poznámka k nemovitosti',
  realty: 'Nemovitost',
  deal_id: 'Číslo obchodu',
  state: 'Stav',
  purchase_price: 'Kupní cena',
  purchased_on: 'Datum nabytí',
  sale_price: 'Prodejní cena',
  sold_on: 'Datum prodeje',
  note: 'Poznámka',
};

type Values = Record<string, string>;

function initialValues(property: PurchasedPropertyView | null): Values {
  const realty = property?.realty;
  const values: Values = {};
  for (const key of REALTY_KEYS) {
    const value = realty?.[key];
    values[`realty.${key}`] = value === null || value === undefined ? '' : String(value);
  }
  if (!realty) values['realty.type'] = '';
  values.deal_id = property?.deal ? String(property.deal.id) : '';
  values.state = property?.state ?? 'ACQUISITION';
  values.purchase_price = amountToInput(property?.purchase_price);
  values.purchased_on = property?.purchased_on ?? '';
  values.sale_price = amountToInput(property?.sale_price);
  values.sold_on = property?.sold_on ?? '';
  values.note = property?.note ?? '';
  return values;
}

function bodyOf(values: Values) {
  const realty: Record<string, string | undefined> = {};
  for (const key of REALTY_KEYS) realty[key] = values[`realty.${key}`];
  realty.type = realty.type || undefined;
  realty.floor_area = decimalInput(realty.floor_area ?? '');
  realty.land_area = decimalInput(realty.land_area ?? '');
  return {
    realty,
    deal_id: intOrText(values.deal_id ?? '') ?? null,
    purchase_price: amountOrNull(values.purchase_price ?? ''),
    purchased_on: values.purchased_on || null,
    sale_price: amountOrNull(values.sale_price ?? ''),
    sold_on: values.sold_on || null,
    note: values.note,
  };
}

/**
 * New (POST, with the state to start in) or edited (PATCH: the state changes by its own
 * buttons). `onSave` sends the body; a 400 comes back onto the fields, a 409 above the form.
 */
export function PurchasedForm(
  props: { submitLabel: string; actions?: ReactNode } & (
    | { property: null; onSave: (body: PurchasedPropertyRequest) => Promise<void> }
    | { property: PurchasedPropertyView; onSave: (body: PurchasedPropertyPatchRequest) => Promise<void> }
  ),
) {
  const { property, submitLabel, actions } = props;
  const form = useForm<Values>(() => initialValues(property), PURCHASED_LABELS);
  const creating = property === null;
  const onSubmit = form.handleSubmit<PurchasedPropertyRequest | PurchasedPropertyPatchRequest>(
    (values) => (creating ? validate(purchasedPropertyRequest, { ...bodyOf(values), state: values.state }) : validate(purchasedPropertyPatchRequest, bodyOf(values))),
    (body) => (props.property === null ? props.onSave(body as PurchasedPropertyRequest) : props.onSave(body as PurchasedPropertyPatchRequest)),
  );
  const text = (key: string, extra: { inputMode?: 'numeric' | 'decimal'; hint?: string; type?: 'date' } = {}) => (
    <TextField {...form.field(key)} label={PURCHASED_LABELS[key] ?? key} {...extra} />
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={creating ? 'Nová koupená nemovitost' : 'Úprava koupené nemovitosti'}>
      <ErrorSummary items={form.summary} />
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Nemovitost</legend>
        <div className="form-grid">
          <SelectField {...form.field('realty.type')} label={PURCHASED_LABELS['realty.type']!} required options={enumOptions(RealtyType)} placeholder="Vyberte druh" />
          {text('realty.whole_address', { hint: 'Jak ji uvádí smlouva; jinak ji složíme z ulice a obce' })}
          {text('realty.street')}
          {text('realty.house_number')}
          {text('realty.city')}
          {text('realty.zip', { inputMode: 'numeric' })}
          <CadastralLocationPicker {...form.field('realty.cadastral_area_code')} label={PURCHASED_LABELS['realty.cadastral_area_code']!} emptyLabel="Neuvedeno" />
          {text('realty.lv_number', { inputMode: 'numeric' })}
          {text('realty.parcel_number')}
          {text('realty.unit_number')}
          {text('realty.floor_area', { inputMode: 'decimal' })}
          {text('realty.land_area', { inputMode: 'decimal' })}
        </div>
        <TextAreaField {...form.field('realty.note')} label={PURCHASED_LABELS['realty.note']!} />
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Nabytí a prodej</legend>
        <div className="form-grid">
          {text('deal_id', { inputMode: 'numeric', hint: 'Obchod, z něhož lender nemovitost nabyl (nepovinné)' })}
          {creating && <SelectField {...form.field('state')} label={PURCHASED_LABELS.state!} required options={enumOptions(PurchasedPropertyState)} />}
          <MoneyField {...form.field('purchase_price')} label={PURCHASED_LABELS.purchase_price!} />
          {text('purchased_on', { type: 'date' })}
          <MoneyField {...form.field('sale_price')} label={PURCHASED_LABELS.sale_price!} />
          {text('sold_on', { type: 'date' })}
        </div>
        <TextAreaField {...form.field('note')} label={PURCHASED_LABELS.note!} />
      </fieldset>
      <div className="dialog__actions">
        <button type="submit" className="button" disabled={form.submitting}>
          {form.submitting ? 'Ukládám…' : submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
