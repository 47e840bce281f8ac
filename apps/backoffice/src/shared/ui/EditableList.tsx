import { useState, type ReactNode } from 'react';
import { type Column, ConfirmDialog, DataTable, Dialog } from '@lending/ui';
import { Section } from './Layout';

export interface EditorProps<T> {
  /** null when adding. */
  row: T | null;
  onDone: () => void;
  onCancel: () => void;
}

interface EditableListProps<T> {
  title: string;
  rows: readonly T[] | undefined;
  error: unknown;
  onRetry: () => void;
  columns: readonly Column<T>[];
  rowKey: (row: T) => number;
  /** Names a row in button labels for screen readers ("Upravit hovor z 3. 3. 2025"). */
  rowLabel: (row: T) => string;
  emptyText: string;
  /** "Přidat hovor" — also the add dialog's title. */
  addLabel: string;
  /** Title of the edit dialog ("Upravit hovor"). */
  editLabel: string;
  renderEditor?: (props: EditorProps<T>) => ReactNode;
  /** Without it rows cannot be deleted. */
  onDelete?: (row: T) => Promise<void>;
  deleteLabel?: string;
  canWrite: boolean;
  /** False where the API only edits existing rows (distraints come from screenings). */
  canAdd?: boolean;
  children?: ReactNode;
}

/**
 * A section listing the rows of a sub-resource with add, edit and delete in dialogs: the
 * pattern of call data, debts, incomes and expenses, addresses and contacts.
 */
export function EditableList<T>({
  title,
  rows,
  error,
  onRetry,
  columns,
  rowKey,
  rowLabel,
  emptyText,
  addLabel,
  editLabel,
  renderEditor,
  onDelete,
  deleteLabel = 'Smazat',
  canWrite,
  canAdd = true,
  children,
}: EditableListProps<T>) {
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const writable = canWrite && (renderEditor || onDelete);

  const allColumns: Column<T>[] = writable
    ? [
        ...columns,
        {
          key: 'actions',
          header: 'Akce',
          render: (row) => (
            <div className="row-actions">
              {renderEditor && (
                <button type="button" className="button button--secondary button--small" onClick={() => setEditing({ row })}>
                  Upravit<span className="visually-hidden"> {rowLabel(row)}</span>
                </button>
              )}
              {onDelete && (
                <button type="button" className="button button--danger-ghost button--small" onClick={() => setDeleting(row)}>
                  {deleteLabel}
                  <span className="visually-hidden"> {rowLabel(row)}</span>
                </button>
              )}
            </div>
          ),
        },
      ]
    : [...columns];

  return (
    <Section
      title={title}
      actions={
        canWrite && canAdd && renderEditor ? (
          <button type="button" className="button button--small" onClick={() => setEditing({ row: null })}>
            {addLabel}
          </button>
        ) : undefined
      }
    >
      <DataTable caption={title} captionHidden columns={allColumns} rows={rows} rowKey={rowKey} error={error} onRetry={onRetry} texts={{ empty: emptyText }} />
      {children}
      {renderEditor && (
        <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.row ? editLabel : addLabel}>
          {editing &&
            renderEditor({
              row: editing.row,
              onDone: () => setEditing(null),
              onCancel: () => setEditing(null),
            })}
        </Dialog>
      )}
      {onDelete && (
        <ConfirmDialog
          open={deleting !== null}
          title={`${deleteLabel}?`}
          message={deleting ? `Opravdu chcete smazat: ${rowLabel(deleting)}? Akci nelze vrátit.` : ''}
          confirmLabel={deleteLabel}
          onConfirm={async () => {
            if (deleting) await onDelete(deleting);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Section>
  );
}

/** Submit and cancel of a dialog form. */
export function FormActions({ submitting, submitLabel, busyLabel = 'Ukládám…', onCancel }: { submitting: boolean; submitLabel: string; busyLabel?: string; onCancel: () => void }) {
  return (
    <div className="dialog__actions">
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? busyLabel : submitLabel}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Zrušit
      </button>
    </div>
  );
}
