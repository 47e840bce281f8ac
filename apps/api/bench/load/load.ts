// One scenario of load: autocannon at a fixed number of keep-alive connections, a short warm-up
// first (its figures thrown away), then the measured run. Answers still in flight when a run
// stops are not counted (their connections are closed).
import autocannon from 'autocannon';

export interface LoadSpec {
  port: number;
  connections: number;
  durationS: number;
  warmupS: number;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** A body per request (pushes); omitted for GETs. */
  body?: () => string;
  /** Another path per request (the lead detail rotates over ids). */
  nextPath?: () => string;
  onResponse?: (status: number, body: string) => void;
  /** Resolves when the server has finished the requests left in flight by a stopped run. */
  settle: () => Promise<void>;
}

export interface LoadFigures {
  /** Answers with a 2xx status per second of the measured run. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  responses: number;
  /** Socket errors and timeouts plus answers other than 2xx. */
  errors: number;
  socketErrors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
  durationS: number;
}

let running: autocannon.Instance | null = null;

/** Stops the run in progress (Ctrl-C). */
export function stopLoad(): void {
  running?.stop();
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    running = autocannon(options, (error: unknown, result) => {
      running = null;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
  });
}

export async function runLoad(spec: LoadSpec): Promise<LoadFigures> {
  const request: autocannon.Request = {
    method: spec.method,
    path: spec.path,
    headers: spec.headers,
    ...(spec.body || spec.nextPath
      ? {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            ...(spec.nextPath ? { path: spec.nextPath() } : {}),
            ...(spec.body ? { body: spec.body() } : {}),
          }),
        }
      : {}),
    ...(spec.onResponse ? { onResponse: (status: number, body: string) => spec.onResponse!(status, body) } : {}),
  };
  const options: autocannon.Options = { url: `http://127.0.0.1:${spec.port}`, connections: spec.connections, requests: [request], timeout: 30 };
  if (spec.warmupS > 0) {
    await run({ ...options, duration: spec.warmupS });
    // Requests still in flight when the warm-up stops are finished by the server all the same:
    // let them drain, or they would load the start of the measured run.
    await spec.settle();
  }
  const result = await run({ ...options, duration: spec.durationS });
  await spec.settle();
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const responses = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    responses,
    errors: result.errors + result.non2xx,
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    durationS: result.duration,
  };
}
