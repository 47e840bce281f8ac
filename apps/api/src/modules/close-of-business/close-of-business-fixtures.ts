// Kept only for payments/statements/statement-import.test.ts, which is being changed on another
// branch: the fixtures live in test/fixtures/ (deals.ts). Delete this file once that test
// imports them from there.
export { addClaim, createDeal } from '../../../test/fixtures/deals.ts';
