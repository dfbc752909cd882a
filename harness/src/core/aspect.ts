/**
 * What of an answer a finding is about, as data: the writer that judged it says so, and readers
 * (the report's redaction and views) read it here rather than from the finding's id. The id keeps
 * its words (`site/home header x-frame-options`), which `aspectText` writes from this.
 */
export type Aspect =
  | { kind: 'status' }
  /** A response header field, its name in lower case. */
  | { kind: 'header'; name: string }
  /** A cookie the answer sets: whether it is set (no attribute), or one attribute (`value`, `path`, `max-age`...). */
  | { kind: 'cookie'; name: string; attribute?: string }
  /** The body: as a whole (no fact), or one fact of it (`size`, `decoded-size`, `contains "..."`, `json`, `starts-with`, `empty`). */
  | { kind: 'body'; fact?: string }
  /**
   * A named check (`cache/max-age-matches-expires`), the response field it judged when it judges one
   * (`x-frame-options`), and which of several findings of the check it is (`part`: a cookie's name, a header's).
   */
  | { kind: 'check'; check: string; field?: string; part?: string }
  /** A fact a raw flow or a step judged that no kind above names, in its writer's words (`cert status`, `request`, `capture next`). */
  | { kind: 'fact'; name: string }
  /** The target's own address of a step with `discover`. */
  | { kind: 'discover' }
  /**
   * Whether an answer came at all (a transport error): why not, where the harness knows, as the
   * cause's stable code (`HARNESS_ERR_REQUEST_TIMEOUT`, `HARNESS_ERR_CONNECTION`...) and the code
   * of the error underneath (`ECONNRESET`, `UND_ERR_SOCKET`), so a reader never parses the message.
   */
  | { kind: 'transport'; cause?: string; lowLevelCode?: string };

/** The aspect in the words of finding ids: `status`, `header <name>`, `cookie <name> [<attribute>]`, `body [<fact>]`, `check <id>`. */
export function aspectText(a: Aspect): string {
  switch (a.kind) {
    case 'header':
      return `header ${a.name}`;
    case 'cookie':
      return a.attribute === undefined ? `cookie ${a.name}` : `cookie ${a.name} ${a.attribute}`;
    case 'body':
      return a.fact === undefined ? 'body' : `body ${a.fact}`;
    case 'check':
      return a.part === undefined ? `check ${a.check}` : `check ${a.check} ${a.part}`;
    case 'fact':
      return a.name;
    default:
      return a.kind;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * An aspect read from JSON a reader does not trust (a findings attachment, a results.json): a known
 * kind with its fields of the right types, or none. A header's name comes out in lower case.
 */
export function readAspect(v: unknown): Aspect | undefined {
  if (!v || typeof v !== 'object') return undefined;
  // Each kind's fields are read once its kind is known.
  const raw = v as Record<string, unknown>;
  const kind = str(raw.kind);
  switch (kind) {
    case 'status':
    case 'discover':
      return { kind };
    case 'transport':
      return { kind, ...(str(raw.cause) ? { cause: str(raw.cause)! } : {}), ...(str(raw.lowLevelCode) ? { lowLevelCode: str(raw.lowLevelCode)! } : {}) };
    case 'body':
      return str(raw.fact) !== undefined ? { kind, fact: str(raw.fact)! } : { kind };
    case 'header':
      return str(raw.name) ? { kind, name: str(raw.name)!.toLowerCase() } : undefined;
    case 'cookie':
      return str(raw.name) ? { kind, name: str(raw.name)!, ...(str(raw.attribute) ? { attribute: str(raw.attribute)! } : {}) } : undefined;
    case 'check':
      return str(raw.check)
        ? {
            kind,
            check: str(raw.check)!,
            ...(str(raw.field) ? { field: str(raw.field)!.toLowerCase() } : {}),
            ...(str(raw.part) ? { part: str(raw.part)! } : {}),
          }
        : undefined;
    case 'fact':
      return str(raw.name) ? { kind, name: str(raw.name)! } : undefined;
    default:
      return undefined;
  }
}

/**
 * Two answers to the same request compared (h1 and h2, h1 and its h3 twin, GET and HEAD, the
 * baseline and the candidate): what compared them (`parity`, `parity h3`, `head`, `diff`), the
 * names of the two sides, and each side's value where they differ.
 */
export interface Compared {
  by: string;
  first: string;
  second: string;
  firstValue?: string;
  secondValue?: string;
}

/** What compares a node's answer with the first node's: `node <address>`, the node named (replay/nodes.ts). */
export const nodeComparison = (address: string): string => `node ${address}`;

/** Whether a comparison is of two nodes behind one name (its second side the node that was asked besides the first). */
export const isNodeComparison = (c: Pick<Compared, 'by'>): boolean => c.by.startsWith('node ');
