const dateTimeFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium', timeStyle: 'short' });
const czkFormatter = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', minimumFractionDigits: 2 });

/**
 * Amounts come from the API as decimal strings (Decimal(14,2)). Converting to a number is
 * only for display: up to 14 digits stay exact in a double; never compute with the result.
 */
export function formatCzk(amount: string | number): string {
  return czkFormatter.format(typeof amount === 'string' ? Number(amount) : amount);
}

export function formatDateTime(value: string | Date): string {
  return dateTimeFormatter.format(typeof value === 'string' ? new Date(value) : value);
}
