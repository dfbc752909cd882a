/**
 * Time and size limits of every request the raw replay and the raw flows send, validated once:
 * a target that refuses, hangs, trickles, or streams without end ends as an `error` finding within
 * these bounds, never as a hung run or an exhausted heap.
 */
export interface TransportLimits {
  /** TCP connect plus TLS handshake. */
  connectTimeoutMs: number;
  /** The whole exchange, from dispatch to the last body byte. */
  requestTimeoutMs: number;
  /** Body bytes kept; beyond, the body is hashed (SHA-256) and counted, not held. */
  bodyCapBytes: number;
}

export const DEFAULT_LIMITS: Readonly<TransportLimits> = Object.freeze({
  connectTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  bodyCapBytes: 16 * 1024 * 1024,
});

export const LIMIT_VARIABLES: Record<keyof TransportLimits, string> = {
  connectTimeoutMs: 'HARNESS_CONNECT_TIMEOUT_MS',
  requestTimeoutMs: 'HARNESS_REQUEST_TIMEOUT_MS',
  bodyCapBytes: 'HARNESS_BODY_CAP_BYTES',
};

export class LimitConfigError extends Error {
  readonly code = 'HARNESS_ERR_LIMITS';
}

/** Reads the three variables (unset = default); a value that is not a positive integer stops the run. */
export function loadLimits(env: NodeJS.ProcessEnv = process.env): TransportLimits {
  const out: TransportLimits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_VARIABLES) as Array<keyof TransportLimits>) {
    const variable = LIMIT_VARIABLES[key];
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    if (!/^[0-9]+$/.test(raw.trim()) || Number(raw) <= 0 || !Number.isSafeInteger(Number(raw))) {
      throw new LimitConfigError(`${variable}=${JSON.stringify(raw)}: expected a positive whole number (default ${DEFAULT_LIMITS[key]})`);
    }
    out[key] = Number(raw);
  }
  return out;
}

let current: TransportLimits | undefined;

/** The process-wide limits (read from the environment on first use). */
export function limits(): TransportLimits {
  current ??= loadLimits(process.env);
  return current;
}

/** Tests and benches: replace the process-wide limits (undefined: re-read the environment). */
export function setLimits(next: Partial<TransportLimits> | undefined): void {
  current = next === undefined ? undefined : { ...loadLimits(process.env), ...next };
}
