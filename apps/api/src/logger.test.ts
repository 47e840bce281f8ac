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
});
