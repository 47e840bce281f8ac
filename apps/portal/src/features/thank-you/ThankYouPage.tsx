import { useEffect } from 'react';
import { PageHeading } from '../../shared/ui/PageHeading';
import { useApplication } from '../application';

export default function ThankYouPage() {
  const { finish } = useApplication();
  // The application is over: a later visit to any step starts a new one.
  useEffect(() => finish(), [finish]);
  return (
    <section className="card thank-you">
      <title>Odesláno – Žádost o půjčku online</title>
      <span className="thank-you__icon" aria-hidden="true">
        ✓
      </span>
      <PageHeading>Odesláno!</PageHeading>
      <p>Vaše žádost byla úspěšně zpracována. Brzy se Vám ozveme s dalším postupem.</p>
    </section>
  );
}
