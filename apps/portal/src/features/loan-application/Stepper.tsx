import { formSteps } from '../application';

export function Stepper({ currentPath }: { currentPath: string }) {
  const currentIndex = formSteps.findIndex((step) => step.path === currentPath);

  return (
    <nav aria-label="Postup žádosti">
      <ol className="stepper">
        {formSteps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
          return (
            <li key={step.path} className={`stepper__step stepper__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="stepper__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="stepper__label">
                {step.label}
                <span className="visually-hidden">
                  {state === 'done' ? ' (hotovo)' : state === 'current' ? ' (aktuální krok)' : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
