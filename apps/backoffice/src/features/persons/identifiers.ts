import type { RevealedIdentifiers } from '@lending/contracts';
import { useRef, useState } from 'react';
import { api } from '../../shared/api';

/** The reason the edit form's reveal is recorded with. */
export const EDIT_REVEAL_REASON = 'Úprava osoby';

export const REVEAL_NOTE = 'Zobrazení se zaznamenává do auditního záznamu.';

interface RevealState {
  revealed: RevealedIdentifiers | null;
  revealing: boolean;
  error: unknown;
}

const HIDDEN: RevealState = { revealed: null, revealing: false, error: null };

/**
 * The person's birth number and identity card in full (POST …/reveal-identifiers/, audited; the
 * detail masks them, docs/decisions/0046), kept in this state only: they are gone when the screen
 * is left or `hide` is called. Asked by a click, never by an effect (StrictMode would ask twice,
 * and each ask is an audit entry). An answer that arrives after `hide` is dropped.
 */
export function useIdentifierReveal(personId: number) {
  const [state, setState] = useState<RevealState>(HIDDEN);
  const generation = useRef(0);

  async function reveal(reason?: string): Promise<void> {
    const mine = ++generation.current;
    setState({ revealed: null, revealing: true, error: null });
    try {
      const revealed = await api.post('/api/v1/persons/{id}/reveal-identifiers/', reason ? { reason } : {}, { params: { id: personId } });
      if (generation.current === mine) setState({ revealed, revealing: false, error: null });
    } catch (error) {
      if (generation.current === mine) setState({ revealed: null, revealing: false, error });
    }
  }

  function hide() {
    generation.current += 1;
    setState(HIDDEN);
  }

  return { ...state, reveal, hide };
}
