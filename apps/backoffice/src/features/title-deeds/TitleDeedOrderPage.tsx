import { titleDeedPriceQuery, type TitleDeedPrice } from '@lending/contracts';
import { ApiError, errorMessage, fieldErrorsOf } from '@lending/api-client';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorSummary, TextField } from '@lending/ui';
import { useCurrentUser } from '../../shared/current-user';
import { validate, type FieldErrors } from '../../shared/form';
import { CadastralLocationPicker } from '../../shared/ui/CadastralLocationPicker';
import { PageHeader } from '../../shared/ui/Layout';
import { showToast } from '../../shared/toast';
import { changedPriceOf, getTitleDeedPrice, orderTitleDeed, useHolds, useRevalidateTitleDeeds } from './api';
import { priceText, SANDBOX_NOTICE } from './title-deed-format';
import './title-deeds.css';

const LABELS: Record<string, string> = { cadastral_location_code: 'Katastrální území', code: 'Číslo listu vlastnictví', price: 'Cena výpisu' };

/**
 * "Objednat výpis" (`/title-deeds/order?cadastral_location_code=&code=`): the LV, then its price
 * ("Zjistit cenu"), then the order at that price ("Objednat za …"). The cadastre charges for
 * each extract, so the order carries the price staff saw; when it changed meanwhile (409) the
 * new one is shown to confirm again.
 */
export function TitleDeedOrderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const holds = useHolds();
  const { data: me } = useCurrentUser();
  const revalidate = useRevalidateTitleDeeds();
  const formId = useId();
  const idOf = (key: string) => `${formId}-${key}`;
  const [territory, setTerritory] = useState(() => params.get('cadastral_location_code') ?? '');
  const [lv, setLv] = useState(() => params.get('code') ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [price, setPrice] = useState<TitleDeedPrice | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [busy, setBusy] = useState<'price' | 'order' | null>(null);

  // Another LV is another price: the order waits for it to be asked again.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPrice(null);
    setChanged(null);
  };

  async function askPrice(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setChanged(null);
    const parsed = validate(titleDeedPriceQuery, { cadastral_location_code: territory || undefined, code: lv.trim() || undefined });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setBusy('price');
    try {
      setPrice(await getTitleDeedPrice(territory, lv.trim()));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function order() {
    if (!price || busy) return;
    setFailure(null);
    setChanged(null);
    setBusy('order');
    try {
      const deed = await orderTitleDeed({ cadastral_location_code: price.cadastral_location_code, code: price.code, price: price.price });
      await revalidate();
      showToast('Výpis z listu vlastnictví byl objednán a stažen.');
      navigate(`/title-deeds/${deed.id}`);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (error instanceof ApiError && error.status === 409) {
        // The price changed since it was asked: the server's message, and the new price to
        // confirm (from the answer, or asked again when it does not name it).
        const newPrice = changedPriceOf(error) ?? (await getTitleDeedPrice(price.cadastral_location_code, price.code).then((p) => p.price, () => null));
        setChanged(errorMessage(error));
        setPrice(newPrice === null ? null : { ...price, price: newPrice });
      } else if (Object.keys(fields).length > 0) {
        setErrors(fields);
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(null);
    }
  }

  const summary = [
    ...(failure ? [{ message: failure, refusal: true }] : []),
    ...Object.entries(errors).flatMap(([key, messages]) =>
      messages.map((message) => ({ fieldId: key in LABELS && key !== 'price' ? idOf(key) : undefined, message: LABELS[key] ? `${LABELS[key]}: ${message}` : message })),
    ),
  ];

  if (me && !holds('cadastre.order')) {
    return (
      <>
        <p className="breadcrumbs">
          <Link to="/title-deeds">Listy vlastnictví</Link>
        </p>
        <PageHeader title="Objednat výpis z listu vlastnictví" />
        <p className="notice">Výpisy z katastru objednává jen role s oprávněním k objednání výpisu (je placený).</p>
      </>
    );
  }

  return (
    <>
      <p className="breadcrumbs">
        <Link to="/title-deeds">Listy vlastnictví</Link>
      </p>
      <PageHeader title="Objednat výpis z listu vlastnictví" />
      <form className="card deed-order" onSubmit={askPrice} noValidate aria-label="Objednávka výpisu">
        <ErrorSummary items={summary} />
        <div className="form-grid">
          <CadastralLocationPicker id={idOf('cadastral_location_code')} label={LABELS.cadastral_location_code!} value={territory} onChange={edit(setTerritory)} error={errors.cadastral_location_code} required />
          <TextField id={idOf('code')} label={LABELS.code!} value={lv} onChange={edit(setLv)} error={errors.code} inputMode="numeric" required />
        </div>
        <div className="dialog__actions">
          <button type="submit" className={price ? 'button button--secondary' : 'button'} disabled={busy !== null}>
            {busy === 'price' ? 'Zjišťuji cenu…' : 'Zjistit cenu'}
          </button>
        </div>
        {changed && (
          <p className="alert" role="alert">
            {changed}
          </p>
        )}
        {price && (
          <div className="deed-order__price" aria-live="polite">
            <p role="status">
              Cena výpisu: <strong>{priceText(price.price)}</strong>
            </p>
            {price.provider === 'sandbox' && <p className="notice">{SANDBOX_NOTICE}</p>}
            <button type="button" className="button" disabled={busy !== null} aria-busy={busy === 'order' || undefined} onClick={() => void order()}>
              {busy === 'order' ? 'Objednávám…' : `Objednat za ${priceText(price.price)}`}
            </button>
          </div>
        )}
      </form>
    </>
  );
}
