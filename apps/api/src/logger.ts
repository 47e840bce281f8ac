import pino, { type Logger } from 'pino';

// Personal data and credentials never reach the logs (DESIGN.md §3).
// A bank connection's client id is a bearer credential of its sandbox page and its return.
const SENSITIVE = ['password', 'birth_number', 'birthNumber', 'identity_card', 'identityCard', 'token', 'refresh', 'access', 'authorization', 'client_id', 'clientId'];
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE,
  ...SENSITIVE.map((k) => `*.${k}`),
  ...SENSITIVE.map((k) => `*.*.${k}`),
];

/**
 * Form tokens and bank-connection client ids travel in paths (/forms/{token}/,
 * /bank-sandbox/{clientId}/) and queries (the portal's return `?token=…?clientId=…`): keep them
 * out of access logs too, and so the personal data that list filters carry
 * (GET /persons/?birth_number=…&search=…).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/forms\/)[A-Za-z0-9_-]{16,}/g, '$1[REDACTED]')
    .replace(/(\/bank-sandbox\/)[^/?#]+/g, '$1[REDACTED]')
    .replace(/([?&](?:token|access|refresh|birth_number|identity_card|search|client_?id)=)[^&]*/gi, '$1[REDACTED]');
}

/**
 * pino's error serializer, minus what drivers hang on their errors: pg puts the whole client on
 * pool errors (host, user, process id and cancel key of the connection).
 */
export function serializeError(error: unknown): Record<string, unknown> {
  const out = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (out && typeof out === 'object') {
    delete out.client;
    delete out.connection;
  }
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError },
      base: { service: 'lending-api' },
      redact: { paths: redactPaths, censor: '[REDACTED]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
