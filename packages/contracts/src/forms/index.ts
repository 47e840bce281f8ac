export * from './messages.ts';
export * from './amounts.ts';
export * from './person.ts';
export * from './form-api.ts';
