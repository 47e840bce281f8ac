import type { ReactNode } from 'react';
import type { Column } from '@lending/ui';
import type { Parser } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { EditableList } from '../../../shared/ui/EditableList';
import { SubResourceForm, type FormField } from './SubResourceForm';

export interface SubResourceTabProps<T extends { id: number }, B> {
  title: string;
  rows: readonly T[] | undefined;
  error: unknown;
  onRetry: () => void;
  columns: readonly Column<T>[];
  /** Names a row in button labels and the delete question ("povinnost Notářský zápis"). */
  rowLabel: (row: T) => string;
  emptyText: string;
  addLabel: string;
  editLabel: string;
  fields: readonly FormField[];
  schema: Parser<B>;
  create: (body: B) => Promise<unknown>;
  update: (row: T, body: B) => Promise<unknown>;
  remove: (row: T) => Promise<unknown>;
  /** Toasts: "Povinnost byla přidána." … */
  done: { created: string; updated: string; deleted: string };
  /** After any write (the deal's detail and lists are refetched). */
  onChanged: () => Promise<unknown> | void;
  canWrite: boolean;
  /** Filters above the table. */
  children?: ReactNode;
}

/**
 * A deal's sub-resource as a table with add, edit and delete in dialogs (EditableList), its
 * form made from the tab's field list (SubResourceForm).
 */
export function SubResourceTab<T extends { id: number }, B>(props: SubResourceTabProps<T, B>) {
  const { fields, schema, create, update, remove, done, onChanged } = props;
  return (
    <>
      {props.children}
      <EditableList
        title={props.title}
        rows={props.rows}
        error={props.error}
        onRetry={props.onRetry}
        columns={props.columns}
        rowKey={(row) => row.id}
        rowLabel={props.rowLabel}
        emptyText={props.emptyText}
        addLabel={props.addLabel}
        editLabel={props.editLabel}
        canWrite={props.canWrite}
        renderEditor={({ row, onDone, onCancel }) => (
          <SubResourceForm
            fields={fields}
            schema={schema}
            row={row as Record<string, unknown> | null}
            submitLabel="Uložit"
            onCancel={onCancel}
            onSubmit={async (body) => {
              if (row) await update(row, body);
              else await create(body);
              showToast(row ? done.updated : done.created);
              onDone();
              await onChanged();
            }}
          />
        )}
        onDelete={async (row) => {
          await remove(row);
          showToast(done.deleted);
          await onChanged();
        }}
      />
    </>
  );
}
