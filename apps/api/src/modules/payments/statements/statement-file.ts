import { randomUUID } from 'node:crypto';
import type { Deps } from '../../../deps.ts';
import { storageFor, type FileStorage } from '../../../integrations/storage/index.ts';

// Where a statement's file lives (docs/decisions/0042): in the file storage that keeps
// applicants' documents (a local directory or an S3 bucket), under a key of its own; the row
// names it. Rows uploaded before keep the file in their bytea `content`.

/**
 * The file storage of statements: the configured one, or one handed in — the demo seed runs
 * before the app's dependencies exist and passes its own.
 */
export type StatementStorage = Pick<Deps, 'config'> | { storage: FileStorage };

export function statementStorage(deps: StatementStorage): FileStorage {
  return 'storage' in deps ? deps.storage : storageFor(deps);
}

/** The folder of statement files in the storage. */
export const STATEMENT_FILES = 'payment-statements/';

/** A new key for an uploaded file: never derived from the upload (its name, its hash). */
export const newStatementKey = (): string => `${STATEMENT_FILES}${randomUUID()}`;

export const STATEMENT_CONTENT_TYPES = { camt053: 'application/xml', gpc: 'text/plain; charset=windows-1250' } as const;

/** A file held in memory (a row from before the storage) as the chunks a stored one arrives in. */
export function* chunksOf(bytes: Uint8Array, size = 64 * 1024): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
