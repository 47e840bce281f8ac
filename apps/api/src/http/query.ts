// Transition (docs/decisions/0040): the query building blocks live in packages/contracts.
export { commaList, dateQuery } from '@lending/contracts';
