// Kept only for payments/statements/statement-import.test.ts, which is being changed on another
// branch: `eventually` lives in test/fixtures/eventually.ts. Delete this file once that test
// imports it from there.
import { eventually as poll } from '../../../test/fixtures/eventually.ts';

/** The old signature, over the one `eventually`. */
export const eventually = <T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> => poll(check, { what: 'the condition', timeoutMs });
