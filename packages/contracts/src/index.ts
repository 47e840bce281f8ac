export * from './zod-config.ts';
export * from './enum.ts';
export * from './enums.ts';
export * from './auth.ts';
export * from './birth-number.ts';
export * from './company-id.ts';
