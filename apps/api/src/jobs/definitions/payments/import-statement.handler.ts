import { importStatement } from '../../../modules/payments/statements/import-statement.ts';
import type { JobHandler } from '../../queue.ts';
import type { importStatementJob } from './import-statement.ts';

export const handleImportStatement: JobHandler<typeof importStatementJob.payload> = async (deps, payload, run) => {
  await importStatement(deps, payload.statement_id, { finalAttempt: run.attempt >= run.attempts });
};
