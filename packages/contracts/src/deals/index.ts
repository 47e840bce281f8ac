export * from './deals.ts';
export * from './deal-models.ts';
export * from './claims.ts';
export * from './close-of-business.ts';
export * from './purposes.ts';
export * from './realty-groups.ts';
export * from './deal-history.ts';
