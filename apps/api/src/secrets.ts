import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  jwtSecret: string;
  crmWebhookPassword: string;
}

/**
 * Secrets that were not configured are generated once and kept in DATA_DIR/secrets.json
 * (mode 0600), so tokens and webhook credentials survive restarts without any setup.
 */
export function resolveSecrets(config: Config): Secrets {
  const file = path.join(config.DATA_DIR, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    crmWebhookPassword: stored.crmWebhookPassword ?? randomBytes(18).toString('base64url'),
  };
  if (generated.jwtSecret !== stored.jwtSecret || generated.crmWebhookPassword !== stored.crmWebhookPassword) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: config.JWT_SECRET ?? generated.jwtSecret,
    crmWebhookPassword: config.CRM_WEBHOOK_PASSWORD ?? generated.crmWebhookPassword,
  };
}
