import type { Config } from '../../config.ts';
import { offerLink, type OfferLinkData } from './portal-links.ts';

export const OFFER_EMAIL_SUBJECT = 'Nabídka úvěru';

const czk = (amount: number) => `${new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(amount)} Kč`;

/** "1.–3. splátka: 8 000 Kč", "4. splátka: …": payments numbered across the groups, as the portal shows them. */
function irregularRows(groups: { order: number; count: number; amount: number }[]): string[] {
  let first = 1;
  return [...groups]
    .sort((a, b) => a.order - b.order)
    .map((g) => {
      const last = first + g.count - 1;
      const label = g.count > 1 ? `${first}.–${last}. splátka` : `${first}. splátka`;
      first = last + 1;
      return `  ${label}: ${czk(g.amount)} měsíčně`;
    });
}

function offerEmailBody(offer: OfferLinkData, link: string): string {
  const terms =
    offer.kind === 'REGULAR'
      ? [`  Výše úvěru: ${czk(offer.value)}`, `  Měsíční splátka: ${czk(offer.installment_value)}`]
      : ['  Splátkový kalendář:', ...irregularRows(offer.claim_groups)];
  return [
    'Dobrý den,',
    '',
    'na základě Vaší žádosti jsme pro Vás připravili nabídku úvěru:',
    '',
    ...terms,
    '',
    'Nabídku si můžete prohlédnout a potvrdit zde:',
    link,
    '',
    'Pokud Vám nabídka nevyhovuje, odpovězte nám prosím na tento e-mail nebo nám zavolejte.',
    '',
    'S pozdravem',
    'Váš úvěrový tým',
  ].join('\n');
}

/** The e-mail that brings an offer to the applicant, with the portal link to confirm it. */
export function offerEmail(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string, offer: OfferLinkData): { subject: string; body: string; link: string } {
  const link = offerLink(config, token, offer);
  return { subject: OFFER_EMAIL_SUBJECT, body: offerEmailBody(offer, link), link };
}
