import { Link } from 'react-router-dom';
import { formSteps, stepForState, stepUrl, useApplication } from '../application';

/**
 * The steps of the application. Steps the applicant has reached (by the form's state, or by
 * having been there) are links, so a done step is one click away; the rest are plain text.
 */
export function Stepper({ currentPath }: { currentPath: string }) {
  const { token, type, form } = useApplication();
  const currentIndex = formSteps.findIndex((step) => step.path === currentPath);
  const furthestIndex = token && form ? formSteps.findIndex((step) => step.path === stepForState(form.state)) : -1;
  const reached = Math.max(currentIndex, furthestIndex);

  return (
    <nav aria-label="Postup žádosti">
      <ol className="stepper">
        {formSteps.map((step, index) => {
          const state = index === currentIndex ? 'current' : index < reached ? 'done' : 'upcoming';
          const reachable = token !== null && index !== currentIndex && index <= reached;
          const content = (
            <>
              <span className="stepper__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="stepper__label">
                {step.label}
                <span className="visually-hidden">{state === 'done' ? ' (hotovo)' : state === 'current' ? ' (aktuální krok)' : ''}</span>
              </span>
            </>
          );
          return (
            <li key={step.path} className={`stepper__step stepper__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              {reachable ? (
                <Link className="stepper__link" to={stepUrl(step.path, { token, type })}>
                  {content}
                </Link>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
