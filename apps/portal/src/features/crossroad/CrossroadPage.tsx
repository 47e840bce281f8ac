import { Link } from 'react-router-dom';
import type { FormType } from '@lending/contracts';

interface Choice {
  type: FormType;
  title: string;
  description: string;
}

const choices: readonly Choice[] = [
  {
    type: 'INVESTMENT_LOAN',
    title: 'Podnikám',
    description: 'Úvěr pro OSVČ a firmy na rozvoj podnikání, investice nebo provoz.',
  },
  {
    type: 'CONSUMER_LOAN',
    title: 'Nepodnikám',
    description: 'Spotřebitelská půjčka pro zaměstnance, důchodce i další žadatele.',
  },
];

export default function CrossroadPage() {
  return (
    <section aria-labelledby="crossroad-title">
      <title>Žádost o půjčku online</title>
      <h2 id="crossroad-title" className="section-title">
        Pro koho má být půjčka?
      </h2>
      <ul className="choices">
        {choices.map((choice) => (
          <li key={choice.type}>
            <Link className="choice" to={`/vyse-pujcky?type=${choice.type}`}>
              <span className="choice__title">{choice.title}</span>
              <span className="choice__description">{choice.description}</span>
              <span className="choice__arrow" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
