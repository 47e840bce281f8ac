const DEFAULT_HELPLINE_PHONE = '800 100 200';

/** Builds a tel: target; Czech numbers without a country code get +420. */
export function toTelHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return `+420${digits}`;
}

const helplinePhone = import.meta.env.VITE_HELPLINE_PHONE?.trim() || DEFAULT_HELPLINE_PHONE;

export const helpline = {
  phone: helplinePhone,
  phoneHref: toTelHref(helplinePhone),
} as const;

export const company = {
  note:
    'Nebankovní poskytovatel úvěrů s oprávněním České národní banky. Žádost je nezávazná a její vyplnění je zdarma.',
} as const;
