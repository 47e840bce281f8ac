import {
  DEAL_STATE_TRANSITIONS,
  dealStatePermission,
  DealClosedReason,
  DealState,
  type DealDetail,
  type DealProblem,
} from '@lending/contracts';
import { ApiError, errorMessage, fieldErrorsOf } from '@lending/api-client';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { Link } from 'react-router-dom';
import { Dialog, enumOptions, ErrorSummary, RadioGroup, SelectField, TextAreaField } from '@lending/ui';
import { api } from '../../shared/api';
import { showToast } from '../../shared/toast';
import { afterFourEyes } from '../../shared/four-eyes';
import { usePermissions } from '../../shared/current-user';
import { DEAL_TABS } from './deal-tabs';
import { PROBLEM_TABS } from './problem-tabs';

/** Targets whose requirements `validate` checks (docs/decisions/0024); the others need nothing. */
const CHECKED_TARGETS: ReadonlySet<DealState> = new Set(['CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'ACTIVE', 'CLOSED']);
const REASON_TARGETS: ReadonlySet<DealState> = new Set(['CLOSED', 'CLOSED_APPLICATION']);

interface ChangeStateDialogProps {
  deal: DealDetail;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function ChangeStateDialog({ deal, open, onClose, onChanged }: ChangeStateDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Změnit stav obchodu" wide>
      <ChangeStateForm deal={deal} onCancel={onClose} onChanged={onChanged} />
    </Dialog>
  );
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'done'; problems: DealProblem[] } | { state: 'failed'; message: string };

function ChangeStateForm({ deal, onCancel, onChanged }: { deal: DealDetail; onCancel: () => void; onChanged: () => void }) {
  const id = useId();
  const may = usePermissions();
  // Only the moves the signed-in role may make (activation, closing and insolvency ask their own permission).
  const targets = DEAL_STATE_TRANSITIONS[deal.state].filter((state) => may(dealStatePermission(state)));
  const [target, setTarget] = useState<DealState | ''>(targets.length === 1 ? targets[0]! : '');
  const [closedReason, setClosedReason] = useState('');
  const [note, setNote] = useState('');
  // The problems a refused change answered (the deal changed meanwhile); they replace the check's.
  const [refusedProblems, setRefusedProblems] = useState<DealProblem[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [submitting, setSubmitting] = useState(false);

  const needsReason = target === 'CLOSED';
  // Closing is checked once its reason is chosen (what it requires depends on the reason).
  const needsCheck = target !== '' && CHECKED_TARGETS.has(target) && (!needsReason || closedReason !== '');

  // Every problem of the chosen step at once, before anything changes; for CLOSED the reason
  // matters (CLOSED_DULY needs the claims paid), so it is checked again when the reason changes.
  const validation = useSWR(
    needsCheck ? ['deal-validate', deal.id, target, closedReason] : null,
    () =>
      api.post('/api/v1/deals/{id}/validate/', { state: target as DealState, ...(target === 'CLOSED' ? { closed_reason: (closedReason || null) as DealClosedReason | null } : {}) }, { params: { id: deal.id } }),
    // A check is about the deal as it is now: staff often fix a problem in a tab and reopen the
    // dialog within seconds, so an earlier opening's answer (SWR's cache, its 2 s de-duplication)
    // is never reused, and nothing counts while the check runs. The e2e deal journey caught this.
    { revalidateOnFocus: false, revalidateOnMount: true, dedupingInterval: 0, shouldRetryOnError: false },
  );
  const check: Check = !needsCheck
    ? { state: 'idle' }
    : refusedProblems
      ? { state: 'done', problems: refusedProblems }
      : validation.isValidating
        ? { state: 'checking' }
        : validation.error
        ? { state: 'failed', message: errorMessage(validation.error) }
        : validation.data
          ? { state: 'done', problems: validation.data.problems }
          : { state: 'checking' };

  // The reason is asked for in this dialog: its problem is the field's error, not a list entry.
  const problems = check.state === 'done' ? check.problems.filter((p) => !(needsReason && p.code === 'CLOSED_REASON_REQUIRED')) : [];
  const blocked = target === '' || (needsCheck && (check.state !== 'done' || problems.length > 0));

  async function submit() {
    if (target === '') return;
    if (needsReason && !closedReason) {
      setFieldErrors({ closed_reason: ['Při uzavření obchodu zadejte důvod uzavření.'] });
      return;
    }
    setSubmitting(true);
    setRefusal(null);
    setFieldErrors({});
    try {
      const answer = await api.post(
        '/api/v1/deals/{id}/state/',
        { state: target, ...(REASON_TARGETS.has(target) && closedReason ? { closed_reason: closedReason as DealClosedReason } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
        { params: { id: deal.id } },
      );
      // Activating and closing are four-eyes (ADR 0045): they wait for a second user's approval.
      afterFourEyes(answer, () => showToast(`Stav obchodu byl změněn na „${DealState.labels[target]}“.`));
      onChanged();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (error instanceof ApiError && error.status === 409) {
        // The deal changed meanwhile: the refusal says why, and its problems (when it has them) replace the list.
        setRefusal(errorMessage(error));
        const body = error.body as { problems?: DealProblem[] } | null;
        if (Array.isArray(body?.problems)) setRefusedProblems(body.problems);
      } else if (Object.keys(fields).length > 0 && !fields.detail) {
        setFieldErrors(fields);
      } else {
        setRefusal(errorMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const summary = [
    ...(refusal ? [{ message: refusal, refusal: true }] : []),
    ...Object.entries(fieldErrors).flatMap(([key, messages]) => messages.map((message) => ({ fieldId: key === 'closed_reason' ? `${id}-reason` : undefined, message }))),
  ];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary items={summary} />
      <p>
        Nyní: <strong>{DealState.labels[deal.state]}</strong>
      </p>
      <RadioGroup
        name={`${id}-target`}
        legend="Nový stav"
        options={targets.map((state) => ({ value: state, label: DealState.labels[state] }))}
        value={target}
        onChange={(value) => {
          setTarget(value as DealState);
          setRefusedProblems(null);
          setRefusal(null);
          setFieldErrors({});
        }}
      />
      {target !== '' && REASON_TARGETS.has(target) && (
        <SelectField
          id={`${id}-reason`}
          label="Důvod uzavření"
          required={needsReason}
          hint={needsReason ? undefined : 'Nepovinné'}
          options={enumOptions(DealClosedReason)}
          placeholder="Vyberte důvod"
          value={closedReason}
          onChange={(value) => {
            setClosedReason(value);
            setRefusedProblems(null);
            setFieldErrors({});
          }}
          error={fieldErrors.closed_reason}
        />
      )}
      {target !== '' && <TextAreaField id={`${id}-note`} label="Poznámka" hint="Nepovinné; zapíše se do historie obchodu." value={note} onChange={setNote} error={fieldErrors.note} />}

      <CheckResult check={check} problems={problems} target={target} onNavigate={onCancel} />

      <div className="dialog__actions">
        <button type="submit" className="button" disabled={blocked || submitting} aria-describedby={blocked && problems.length > 0 ? `${id}-blocked` : undefined}>
          {submitting ? 'Měním stav…' : 'Změnit stav'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Zrušit
        </button>
      </div>
      {blocked && problems.length > 0 && (
        <p id={`${id}-blocked`} className="field__hint">
          Stav lze změnit, až budou uvedené problémy vyřešeny.
        </p>
      )}
    </form>
  );
}

function CheckResult({ check, problems, target, onNavigate }: { check: Check; problems: DealProblem[]; target: DealState | ''; onNavigate: () => void }) {
  if (target === '' || check.state === 'idle') return null;
  if (check.state === 'checking') {
    return (
      <p role="status" className="field__hint">
        Kontroluji, zda obchod splňuje podmínky…
      </p>
    );
  }
  if (check.state === 'failed') {
    return (
      <div role="alert" className="alert alert--error">
        Kontrolu obchodu se nepodařilo provést. {check.message}
      </div>
    );
  }
  if (problems.length === 0) {
    return (
      <p role="status" className="alert alert--success">
        Obchod splňuje podmínky pro stav „{DealState.labels[target]}“.
      </p>
    );
  }
  return (
    <div role="alert" className="alert alert--error">
      <p>
        Obchod zatím nelze převést do stavu „{DealState.labels[target]}“. Vyřešte {problems.length === 1 ? 'tento problém' : `tyto problémy (${problems.length})`}:
      </p>
      <ul aria-label="Problémy bránící změně stavu">
        {problems.map((problem, index) => (
          <li key={`${problem.code}-${problem.object_id ?? index}`}>
            {problem.message} <WhereToFix problem={problem} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function WhereToFix({ problem, onNavigate }: { problem: DealProblem; onNavigate: () => void }) {
  const tab = DEAL_TABS.find((t) => t.id === PROBLEM_TABS[problem.code]);
  if (!tab) return null;
  return (
    <Link to={`?tab=${tab.id}`} onClick={onNavigate}>
      Opravit na kartě {tab.label}
    </Link>
  );
}
