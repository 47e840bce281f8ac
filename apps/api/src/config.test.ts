import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: '/srv/app/.data', ADMIN_EMAIL: 'admin@demo.cz' });
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' }, '/srv').DATABASE_URL).toBeUndefined();
  });
  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', ADMIN_EMAIL: 'nope', JWT_SECRET: 'short' }, '/srv')).toThrow(/PORT[\s\S]*ADMIN_EMAIL[\s\S]*JWT_SECRET/);
  });
});
