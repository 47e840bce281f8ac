import type { LeadDetail } from '@lending/contracts';
import { errorMessage } from '@lending/api-client';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api';
import { showToast } from '../../shared/toast';
import { useCurrentUser } from '../../shared/current-user';

/**
 * "Vytvořit obchod" of a lead whose offer the applicant accepted: one call makes the deal (the
 * person as borrower, the offer as its first model, the realty as collateral) and opens it.
 */
export function CreateDealButton({ lead, onRefused }: { lead: LeadDetail; onRefused: () => void }) {
  const { data: me } = useCurrentUser();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (lead.state !== 'OFFER_ACCEPTED' || !me || !me.permissions.includes('deals.originate')) return null;

  async function create() {
    setBusy(true);
    try {
      const made = await api.post('/api/v1/leads/{id}/deal/', undefined, { params: { id: lead.id } });
      showToast(made.created ? `Obchod #${made.deal_id} byl vytvořen.` : `Žádost už je obchodem #${made.deal_id}.`);
      navigate(`/deals/${made.deal_id}`);
    } catch (error) {
      showToast(`Obchod se nepodařilo vytvořit. ${errorMessage(error)}`, 'error');
      setBusy(false);
      onRefused();
    }
  }

  return (
    <button type="button" className="button" disabled={busy} onClick={() => void create()}>
      {busy ? 'Vytvářím obchod…' : 'Vytvořit obchod'}
    </button>
  );
}
