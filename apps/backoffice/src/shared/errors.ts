import { ApiError } from './api';

/** One Czech sentence for any failure of an API call, for alerts and toasts. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Nepodařilo se spojit se serverem. Zkontrolujte připojení a zkuste to znovu.';
  const detail = detailOf(error);
  switch (error.status) {
    case 400:
      return detail ?? 'Zkontrolujte prosím zadané údaje.';
    case 401:
      return 'Přihlášení vypršelo. Přihlaste se prosím znovu.';
    case 403:
      return 'K této akci nemáte oprávnění.';
    case 404:
      return detail ?? 'Záznam nebyl nalezen.';
    case 409:
      return detail ?? 'Akci nelze provést, záznam se mezitím změnil.';
    case 413:
      return 'Soubor je příliš velký.';
    case 429:
      return 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.';
    default:
      return error.status >= 500 ? 'Na serveru došlo k chybě. Zkuste to prosím znovu.' : (detail ?? 'Akce se nezdařila.');
  }
}

function detailOf(error: ApiError): string | undefined {
  const { detail, non_field_errors: nonField } = error.fieldErrors;
  const messages = [...(detail ?? []), ...(nonField ?? [])];
  return messages.length ? messages.join(' ') : undefined;
}

/** Field messages of a 400 answer (DRF shape); other failures have none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const { detail: _detail, non_field_errors: _nonField, ...fields } = error.fieldErrors;
  return fields;
}
