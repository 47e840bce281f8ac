import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('logger', () => {
  it('redacts personal data and credentials at any depth', () => {
    const { lines, logger } = capture();
    logger.info(
      { password: 'x1', birth_number: '9005054344', person: { identity_card: '123456789', token: 't' }, req: { headers: { authorization: 'Bearer abc' } } },
      'test',
    );
    const text = lines.join('');
    for (const secret of ['x1', '9005054344', '123456789', 'Bearer abc', '"t"']) expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
  });

  it('removes form tokens from URLs', () => {
    expect(redactUrl('/api/v1/forms/AbCdEfGhIjKlMnOpQrStUvWxYz012345/submit/')).toBe('/api/v1/forms/[REDACTED]/submit/');
    expect(redactUrl('/vyse-pujcky?token=abc&type=X')).toBe('/vyse-pujcky?token=[REDACTED]&type=X');
  });

  it('removes bank-connection client ids from paths, queries and logged objects', () => {
    expect(redactUrl('/api/v1/bank-sandbox/Zx9_Qw-12AbCdEfGhIjKlMnO/')).toBe('/api/v1/bank-sandbox/[REDACTED]/');
    expect(redactUrl('/api/v1/bank-sandbox/Zx9_Qw-12AbCdEfGhIjKlMnO/connect')).toBe('/api/v1/bank-sandbox/[REDACTED]/connect');
    expect(redactUrl('/dokumenty?clientId=Zx9_Qw&token=T')).toBe('/dokumenty?clientId=[REDACTED]&token=[REDACTED]');
    expect(redactUrl('/dokumenty?token=T?clientId=Zx9_Qw')).toBe('/dokumenty?token=[REDACTED]');
    expect(redactUrl('/x?client_id=Zx9_Qw')).toBe('/x?client_id=[REDACTED]');
    const { lines, logger } = capture();
    logger.info({ client_id: 'Zx9_Qw-secret', connection: { clientId: 'Zx9_Qw-inner' }, res: { body: { client_id: 'Zx9_Qw-deep' } } }, 'bank');
    const text = lines.join('');
    for (const secret of ['Zx9_Qw-secret', 'Zx9_Qw-inner', 'Zx9_Qw-deep']) expect(text).not.toContain(secret);
  });
});
