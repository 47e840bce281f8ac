import { dealNoteRequest } from '@lending/contracts';
import { useState } from 'react';
import { Dialog, EmptyState, ErrorState, formatDateTime, Loading, Pagination } from '@lending/ui';
import { api } from '../../../shared/api';
import { showToast } from '../../../shared/toast';
import { Section } from '../../../shared/ui/Layout';
import { positiveInt, useUrlState } from '../../../shared/ui/useUrlState';
import { useNotes, useRevalidateDeal } from '../parts-api';
import { SubResourceForm, type FormField } from './SubResourceForm';
import './deal-parts.css';

const PAGE_SIZE = 20;
const fields: FormField[] = [{ key: 'text', label: 'Text poznámky', kind: 'textarea', required: true }];

/** "Poznámky": the staff's notes on the deal, newest first; a note is never edited (a correction is a new note). */
export function NotesTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const state = useUrlState(['notes_page']);
  const page = positiveInt(state.values.notes_page, 1);
  const { data, error, mutate } = useNotes(dealId, page);
  const revalidate = useRevalidateDeal(dealId);
  const [adding, setAdding] = useState(false);

  return (
    <Section
      title="Poznámky"
      actions={
        canWrite ? (
          <button type="button" className="button button--small" onClick={() => setAdding(true)}>
            Přidat poznámku
          </button>
        ) : undefined
      }
    >
      {!data ? (
        error ? (
          <ErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <Loading />
        )
      ) : data.results.length === 0 ? (
        <EmptyState>K obchodu zatím nikdo nenapsal poznámku.</EmptyState>
      ) : (
        <>
          <ol className="notes" aria-label="Poznámky k obchodu">
            {data.results.map((note) => (
              <li key={note.id} className="notes__item">
                <p className="notes__meta">
                  <strong>{note.author?.name ?? 'Smazaný uživatel'}</strong>, <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
                </p>
                <p className="notes__text">
                  {note.text}
                </p>
              </li>
            ))}
          </ol>
          {data.count > PAGE_SIZE && (
            <Pagination page={page} pageSize={PAGE_SIZE} count={data.count} onPageChange={(next) => state.update({ notes_page: String(next) })} label="Stránkování poznámek" />
          )}
        </>
      )}
      <Dialog open={adding} onClose={() => setAdding(false)} title="Přidat poznámku">
        {adding && (
          <SubResourceForm
            fields={fields}
            schema={dealNoteRequest}
            row={null}
            submitLabel="Uložit poznámku"
            onCancel={() => setAdding(false)}
            onSubmit={async (body) => {
              await api.post('/api/v1/deals/{dealId}/notes/', body, { params: { dealId } });
              showToast('Poznámka byla přidána.');
              setAdding(false);
              state.update({ notes_page: null });
              await Promise.all([mutate(), revalidate()]);
            }}
          />
        )}
      </Dialog>
    </Section>
  );
}
