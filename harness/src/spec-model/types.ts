/*
 * What is SPECIFIED: the contents of a spec file (`specs/<role>.json`), as users write and review
 * them. Nothing here holds a value a target returned; that is `observed.ts`.
 */
import type { Level, Provenance } from '../core';
import type { Selector } from '../discover/candidates';
import type { Role } from '../target-map';

export type { Level, Provenance } from '../core';

/**
 * The premise of a rule: it is judged only where the observed answer meets it, otherwise its
 * finding is `n/a` with the reason (RFC 9110 requires Allow on a 405, not on every answer).
 */
export interface Premise {
  /** The answer's status is one of these. */
  status: number | number[];
}

/** Fields every matcher may carry. */
export interface MatcherMeta {
  /** Overrides the exchange's default provenance for this one expectation. */
  source?: Provenance;
  /** Overrides the level (default: `info` for `reference` provenance, `must` otherwise). */
  level?: Level;
  /** Judged only when the answer meets this premise. */
  when?: Premise;
  /** The clause of the service description or RFC this expectation comes from, e.g. "RFC 9110 §13.1.2". */
  clause?: string;
  note?: string;
}

/**
 * A value matcher as written in JSON. A bare string, number or boolean means `equals`. Strings in
 * `equals`, `contains`, `oneOf` may hold placeholders ({base_url}, {section}, ...).
 */
export type MatcherSpec =
  | string
  | number
  | boolean
  | (MatcherMeta & { equals: string | number | boolean })
  | (MatcherMeta & { shape: string })
  | (MatcherMeta & { regex: string; flags?: string })
  | (MatcherMeta & { oneOf: MatcherSpec[] })
  | (MatcherMeta & { absent: true })
  | (MatcherMeta & { present: true })
  | (MatcherMeta & { contains: string })
  /** A list-based field (RFC 9110 §5.6.1) whose members, in order, are these: two field lines `a` and `b` equal one line `a, b`. */
  | (MatcherMeta & { list: string[] })
  | (MatcherMeta & { range: { min?: number; max?: number } })
  /** An HTTP date (or a cookie expiry) about `offsetSeconds` after the response's Date, within `toleranceSeconds`. */
  | (MatcherMeta & { relativeTime: { to: 'date'; offsetSeconds: number; toleranceSeconds: number } })
  /**
   * A set of directives compared by meaning (CSP, Feature-Policy and HSTS with `;`, Cache-Control and
   * Permissions-Policy with `,`): the same names, each with these value tokens in any order (`{host}`:
   * any host), present (`true`) or a number in a range; order of directives free.
   */
  | (MatcherMeta & { directives: Record<string, true | string[] | { min?: number; max?: number }>; separator?: ';' | ',' })
  /** A Link field (RFC 8288) holding each of these relations, to an address the `href` matcher accepts. */
  | (MatcherMeta & { links: Array<{ rel: string; href?: MatcherSpec }> })
  /** A cookie Domain by its relation to a role's host (`{shop_url}`): that host, a parent domain of it, or either. */
  | (MatcherMeta & { domainOf: string; relation?: 'host' | 'parent' | 'host-or-parent' });

/** A header: one matcher for the combined value, or `lines` for each field line in order (repeats kept). */
export type HeaderSpec = MatcherSpec | (MatcherMeta & { lines: MatcherSpec[] });

/** A cookie's expected attributes (RFC 6265 §5.2), each optional; `absent: true` = must not be set. */
export interface CookieSpec extends MatcherMeta {
  absent?: true;
  value?: MatcherSpec;
  path?: MatcherSpec;
  domain?: MatcherSpec;
  expires?: MatcherSpec;
  maxAge?: MatcherSpec;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: MatcherSpec;
  /** How many Set-Cookie lines carry this name (the session cookie is sent twice). Default: at least one. */
  count?: number;
  /** The level of the cookie's absence alone; a cookie that is set is held to its count and attributes at the cookie's level. */
  presence?: Level;
}

export interface BodySpec extends MatcherMeta {
  /** Bytes on the wire (content-coded). */
  size?: MatcherSpec;
  /** Bytes after removing the content coding. */
  decodedSize?: MatcherSpec;
  /** Text the decoded body contains (placeholders allowed). */
  contains?: string[];
  /** The decoded body parses as JSON. */
  json?: boolean;
  /** Leading bytes of the decoded body, hex (e.g. "efbbbf" for a UTF-8 BOM, "89504e47" for PNG). */
  startsWithHex?: string;
  /** The body is empty. */
  empty?: boolean;
}

/** The request to send, with placeholders in path and header values. */
export interface RequestTemplate {
  method?: string;
  /**
   * Path and query, e.g. "/{section}/css/main.css?lw=260408T1654"; or an absolute URL written with a
   * placeholder: a further URL of a multi-name role ("{ocsp_url_2}/", "{redirector_url_3}/") or a
   * flow variable holding a captured Location ("{{next}}"). Redirects are never followed by themselves.
   */
  path: string;
  headers?: Record<string, string>;
  /** Body as text, or as base64 with `bodyEncoding: "base64"`. */
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
}

export interface ResponseExpectation {
  status?: MatcherSpec;
  headers?: Record<string, HeaderSpec>;
  cookies?: Record<string, CookieSpec>;
  body?: BodySpec;
}

/**
 * Where a deployment-specific address is found: the description names path shapes
 * (`/{section}/css/<name>.css`), a deployment its own files. The exchange is replayed on the
 * address the source page links; its request path names it as `{{found}}` (the whole address),
 * `{{found_path}}` (without the query) and `{{<part>}}` (a named part of the template).
 */
export interface DiscoverSpec {
  /**
   * The exchange (its id, e.g. "site/home") or the address ("/", "{shop_url}/products/{value:PRODUCT_HANDLE}")
   * of the document whose sources list the candidates: the page itself and every stylesheet it
   * loads, with their imports. A source that was itself discovered widens to the page that led to it.
   */
  from: string;
  /**
   * The kinds of reference to take: HTML attributes (`link[href]`, `img[src]`...), link relations
   * (`link[rel=preload]`, `link[rel=prefetch]`, `link[rel=icon]`), `css` (url() and @font-face),
   * `font-face` (only @font-face sources), `link-header`, `network` (what a browser requested).
   */
  select: Selector[];
  /** The description's path shape with named parts: `/{section}/css/{name}.css`, `{asset_url}/-/media/{folder*}/{file}.svg?rev={rev}`. */
  template: string;
  /** Which fitting address: the first on the page (default) or the last. */
  pick?: 'first' | 'last';
}

export interface ExchangeSpec {
  /** Hierarchical id, `<role>/<name>[/<variant>]`, unique across all specs; selectable by prefix. */
  id: string;
  title: string;
  /** The row or section of the service description (or RFC section) this exchange comes from. */
  clause: string;
  /** Default provenance of the expectations of this exchange. */
  source: Provenance;
  /** Default level of its expectations (default: from the provenance). */
  level?: Level;
  request: RequestTemplate;
  /** The address is the target's own, read from one of its pages. */
  discover?: DiscoverSpec;
  expect: ResponseExpectation;
  /** Named checks (ids from the registry, or prefixes) evaluated on the observed exchange. */
  checks?: string[];
  /** The level of a selected check's misses here, by check id or prefix (default: the check's own). */
  checkLevels?: Record<string, Level>;
}

/** One step of a flow: an exchange, plus values captured for later steps. */
export interface FlowStep extends ExchangeSpec {
  /** Variables taken from this step's response, e.g. `{ "visitorId": { "cookie": "SC_ANALYTICS_GLOBAL_COOKIE", "regex": "^([0-9a-f]{32})" } }`; later steps use `{{visitorId}}`. */
  capture?: Record<string, { cookie?: string; header?: string; regex?: string }>;
}

/** Ordered, stateful steps sharing one cookie jar (the visitor flag flip, redirect chains). */
export interface FlowSpec {
  id: string;
  title: string;
  clause: string;
  source: Provenance;
  level?: Level;
  steps: FlowStep[];
  checks?: string[];
}

export interface SpecFile {
  $schema?: string;
  role: Role;
  /** Version of the spec format. */
  version: 1;
  description?: string;
  exchanges: ExchangeSpec[];
  flows?: FlowSpec[];
}
