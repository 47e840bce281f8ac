import { systemActor } from '../../../domain/actor.ts';
import { importStatement } from '../../../modules/payments/statements/import-statement.ts';
import type { JobHandler } from '../../queue.ts';
import type { importStatementJob } from './import-statement.ts';

const worker = systemActor('payments.import-statement');

export const handleImportStatement: JobHandler<typeof importStatementJob.payload> = async (deps, payload, run) => {
  await importStatement(deps, worker, { statementId: payload.statement_id, finalAttempt: run.attempt >= run.attempts });
};
