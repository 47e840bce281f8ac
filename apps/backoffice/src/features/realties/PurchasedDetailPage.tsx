import { PurchasedPropertyState, purchasedPropertyPatchRequest, realtyMessages, type PurchasedPropertyView } from '@lending/contracts';
import { ApiError } from '@lending/api-client';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog, Dialog, EMPTY_VALUE, ErrorState, ErrorSummary, formatDate, formatDateTime, formatMoney, formatNumber, Loading, MoneyField, TextField } from '@lending/ui';
import { amountFromInput, amountToInput, validate, type FieldErrors } from '../../shared/form';
import { parseId } from '../../shared/ids';
import { showToast } from '../../shared/toast';
import { FormActions } from '../../shared/ui/EditableList';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { useForm } from '../../shared/useForm';
import { deletePurchased, patchPurchased, useHolds, usePurchased, useRevalidateRealties } from './api';
import { PurchasedForm } from './PurchasedForm';
import { dealStateLabel, PurchasedStateBadge, realtyAddress, realtyTypeLabel } from './realty-format';
import './realties.css';

/** A purchased property's screen (`/realties/purchased/:id`): facts, edit, the next state, delete. */
export function PurchasedDetailPage() {
  const id = parseId(useParams().id);
  const { data: property, error, mutate } = usePurchased(id);
  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Koupená nemovitost nebyla nalezena" />
        <p>
          <Link to="/realties/purchased">Zpět na koupené nemovitosti</Link>
        </p>
      </>
    );
  }
  if (error && !property) {
    return (
      <>
        <PageHeader title={`Koupená nemovitost č. ${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Koupenou nemovitost se nepodařilo načíst." />
      </>
    );
  }
  if (!property) return <Loading label="Načítám koupenou nemovitost…" />;
  return <PurchasedDetailView property={property} />;
}

/** The one state a purchased property moves on to (never back): acquisition → ownership → sold. */
const NEXT_STATE: Record<PurchasedPropertyState, 'OWNERSHIP' | 'SOLD' | null> = { ACQUISITION: 'OWNERSHIP', OWNERSHIP: 'SOLD', SOLD: null };
const NEXT_LABEL = { OWNERSHIP: 'Převést do vlastnictví', SOLD: 'Označit jako prodanou' } as const;

function PurchasedDetailView({ property }: { property: PurchasedPropertyView }) {
  const holds = useHolds();
  const canWrite = holds('realties.write');
  const navigate = useNavigate();
  const revalidate = useRevalidateRealties();
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const next = NEXT_STATE[property.state];
  const { realty } = property;
  const area = (value: string | null) => (value ? `${formatNumber(value)} m²` : EMPTY_VALUE);
  const title = realtyAddress(realty);

  return (
    <>
      <p className="breadcrumbs">
        <Link to="/realties/purchased">Koupené nemovitosti</Link>
      </p>
      <PageHeader
        title={title}
        documentTitle={`Koupená nemovitost – ${title}`}
        subtitle={
          <>
            <PurchasedStateBadge state={property.state} /> {realtyTypeLabel(realty.type)} · <Link to={`/realties/${realty.id}`}>Karta nemovitosti</Link>
          </>
        }
        actions={
          canWrite && (
            <>
              {next && (
                <button type="button" className="button" onClick={() => setMoving(true)}>
                  {NEXT_LABEL[next]}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                Upravit
              </button>
              {property.state === 'ACQUISITION' && (
                <button type="button" className="button button--danger-ghost" onClick={() => setDeleting(true)}>
                  Smazat
                </button>
              )}
            </>
          )
        }
      />
      <Section title="Nabytí a prodej">
        <DescriptionList
          items={[
            { label: 'Stav', value: PurchasedPropertyState.labels[property.state] },
            {
              label: 'Obchod',
              value: property.deal ? (
                <>
                  <Link to={`/deals/${property.deal.id}`}>Obchod #{property.deal.id}</Link> ({dealStateLabel(property.deal.state)}
                  {property.deal.person_name ? `, ${property.deal.person_name}` : ''})
                </>
              ) : (
                'Bez obchodu'
              ),
            },
            { label: 'Kupní cena', value: formatMoney(property.purchase_price) },
            { label: 'Datum nabytí', value: formatDate(property.purchased_on) },
            { label: 'Prodejní cena', value: formatMoney(property.sale_price) },
            { label: 'Datum prodeje', value: formatDate(property.sold_on) },
            { label: 'Poznámka', value: property.note ?? EMPTY_VALUE },
            { label: 'Upraveno', value: formatDateTime(property.updated_at) },
          ]}
        />
      </Section>
      <Section title="Nemovitost">
        <DescriptionList
          items={[
            { label: 'Druh', value: realtyTypeLabel(realty.type) },
            { label: 'Adresa', value: realtyAddress(realty) },
            {
              label: 'Katastrální území',
              value: realty.cadastral_area_name ? `${realty.cadastral_area_name}${realty.cadastral_area_code ? ` (${realty.cadastral_area_code})` : ''}` : (realty.cadastral_area_code ?? EMPTY_VALUE),
            },
            { label: 'List vlastnictví', value: realty.title_deed ? <Link to={`/title-deeds/${realty.title_deed.id}`}>LV {realty.lv_number ?? EMPTY_VALUE}</Link> : (realty.lv_number ?? EMPTY_VALUE) },
            { label: 'Parcela', value: realty.parcel_number ?? EMPTY_VALUE },
            { label: 'Jednotka', value: realty.unit_number ?? EMPTY_VALUE },
            { label: 'Podlahová plocha', value: area(realty.floor_area) },
            { label: 'Výměra pozemku', value: area(realty.land_area) },
            { label: 'Poznámka k nemovitosti', value: realty.note ?? EMPTY_VALUE },
          ]}
        />
      </Section>

      {canWrite && (
        <>
          <Dialog open={editing} onClose={() => setEditing(false)} title="Upravit koupenou nemovitost" wide>
            <PurchasedForm
              property={property}
              submitLabel="Uložit změny"
              onSave={async (body) => {
                await patchPurchased(property.id, body);
                await revalidate();
                showToast('Koupená nemovitost byla upravena.');
                setEditing(false);
              }}
              actions={
                <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
                  Zrušit
                </button>
              }
            />
          </Dialog>
          {next && (
            <Dialog open={moving} onClose={() => setMoving(false)} title={NEXT_LABEL[next]}>
              <NextStateForm property={property} target={next} onClose={() => setMoving(false)} onDone={revalidate} />
            </Dialog>
          )}
          <ConfirmDialog
            open={deleting}
            title="Smazat koupenou nemovitost?"
            message={`Opravdu chcete smazat koupenou nemovitost ${title}? Smazat lze jen nemovitost, jejíž nabytí ještě probíhá. Akci nelze vrátit.`}
            confirmLabel="Smazat"
            onConfirm={async () => {
              await deletePurchased(property.id);
              showToast('Koupená nemovitost byla smazána.');
              await revalidate();
              navigate('/realties/purchased');
            }}
            onClose={() => setDeleting(false)}
          />
        </>
      )}
    </>
  );
}

/** The move forward: ownership asks the purchase price and day, the sale its price and day. */
function NextStateForm({ property, target, onClose, onDone }: { property: PurchasedPropertyView; target: 'OWNERSHIP' | 'SOLD'; onClose: () => void; onDone: () => Promise<unknown> }) {
  const owning = target === 'OWNERSHIP';
  const priceKey = owning ? 'purchase_price' : 'sale_price';
  const dayKey = owning ? 'purchased_on' : 'sold_on';
  const labels = { [priceKey]: owning ? 'Kupní cena' : 'Prodejní cena', [dayKey]: owning ? 'Datum nabytí' : 'Datum prodeje' };
  const form = useForm(
    () => ({ price: amountToInput(owning ? property.purchase_price : property.sale_price), day: (owning ? property.purchased_on : property.sold_on) ?? '' }),
    labels,
  );
  const onSubmit = form.handleSubmit(
    (values) => {
      const missing: FieldErrors = {};
      const needs = owning ? realtyMessages.ownershipNeeds : realtyMessages.soldNeeds;
      if (!values.price.trim()) missing[priceKey] = [needs];
      if (!values.day) missing[dayKey] = [needs];
      if (Object.keys(missing).length) return { ok: false as const, errors: missing };
      return validate(purchasedPropertyPatchRequest, { state: target, [priceKey]: amountFromInput(values.price), [dayKey]: values.day });
    },
    async (body) => {
      await patchPurchased(property.id, body);
      await onDone();
      showToast(owning ? 'Nemovitost je ve vlastnictví.' : 'Nemovitost je prodaná.');
      onClose();
    },
  );
  // The API names the fields; the form's two controls carry their messages.
  const price = { ...form.field('price'), id: form.idOf(priceKey), error: form.errors[priceKey] };
  const day = { ...form.field('day'), id: form.idOf(dayKey), error: form.errors[dayKey] };
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        Stav se změní z „{PurchasedPropertyState.labels[property.state]}“ na „{PurchasedPropertyState.labels[target]}“. Zpět ho změnit nelze.
      </p>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <MoneyField {...price} label={labels[priceKey]!} required />
        <TextField {...day} type="date" label={labels[dayKey]!} required />
      </div>
      <FormActions submitting={form.submitting} submitLabel={NEXT_LABEL[target]} onCancel={onClose} />
    </form>
  );
}
