/**
 * The JSON Schema of spec files, generated from the same lists the code uses (roles, shape names,
 * matcher forms) and written to `specs/spec.schema.json`, which every spec file names in `$schema`
 * so editors validate and explain fields as users type. `schema.test.ts` fails when the file is
 * stale; regenerate with `npx tsx harness/src/spec-model/schema.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEVELS, PROVENANCES } from '../core';
import { SELECTORS } from '../discover/candidates';
import { ROLES } from '../target-map';
import { SHAPES } from '../shapes';

type Json = Record<string, unknown>;

export const SCHEMA_FILE = join(__dirname, '..', '..', '..', 'specs', 'spec.schema.json');

const ref = (name: string): Json => ({ $ref: `#/definitions/${name}` });

const META: Record<string, Json> = {
  source: { ...ref('provenance'), description: "Overrides the exchange's default provenance for this one expectation." },
  level: { ...ref('level'), description: 'Overrides the level of this one expectation (default: "info" for reference provenance, "must" otherwise).' },
  when: ref('premise'),
  clause: { type: 'string', description: 'The clause of the service description or RFC this expectation comes from, e.g. "RFC 9110 §13.1.2".' },
  note: { type: 'string', description: 'Free text for reviewers; shown in the report.' },
};

const MATCHER_FORMS: Record<string, Json> = {
  equals: {
    type: ['string', 'number', 'boolean'],
    description: 'The value must equal this (as text). Placeholders such as {base_url} and {section} are resolved from the target map.',
  },
  shape: {
    type: 'string',
    enum: SHAPES.map((s) => s.name),
    description: `A named shape. ${SHAPES.map((s) => `${s.name}: ${s.description}`).join(' ')}`,
  },
  regex: {
    type: 'string',
    description: 'A JavaScript regular expression the value must match (not anchored unless you write ^ and $). A last resort: prefer a shape.',
  },
  oneOf: { type: 'array', minItems: 1, items: ref('matcher'), description: 'The value must satisfy at least one of these matchers.' },
  absent: { const: true, description: 'The header, cookie or attribute must not be present.' },
  present: { const: true, description: 'Present with any value (an empty value counts).' },
  contains: { type: 'string', description: 'The value must contain this text (placeholders resolved).' },
  list: {
    type: 'array',
    minItems: 1,
    items: { type: 'string' },
    description:
      'A list-based field (RFC 9110 §5.6.1) whose members, in order, are these (compared case-insensitively): two field lines "a" and "b" equal one line "a, b". E.g. ["SAMEORIGIN", "SAMEORIGIN"] for "repeated twice, comma-separated".',
  },
  range: {
    type: 'object',
    description: 'The value must be a number within these bounds (inclusive).',
    additionalProperties: false,
    minProperties: 1,
    properties: { min: { type: 'number', description: 'Lowest allowed value.' }, max: { type: 'number', description: 'Highest allowed value.' } },
  },
  relativeTime: {
    type: 'object',
    description:
      "An HTTP date or cookie expiry about offsetSeconds after the response's Date header, within toleranceSeconds (e.g. a 10-year cookie: 315792000 ± 518400, 10 x 365 to 10 x 366 days with a day either side).",
    additionalProperties: false,
    required: ['to', 'offsetSeconds', 'toleranceSeconds'],
    properties: {
      to: { const: 'date', description: "The reference time: the response's Date header." },
      offsetSeconds: { type: 'number', description: 'Seconds after Date (negative: before).' },
      toleranceSeconds: { type: 'number', minimum: 0, description: 'Allowed difference in seconds, either way.' },
    },
  },
  directives: {
    type: 'object',
    minProperties: 1,
    description:
      'A set of directives compared by meaning: a Content-Security-Policy, Feature-Policy or Strict-Transport-Security (separator ";"), a Cache-Control or Permissions-Policy (separator ","). The value holds exactly these directive names, in any order; each name maps to true (present, any value), a list of value tokens in any order ("{host}" stands for any host; placeholders such as {analytics_url} for a role\'s origin), or {"min", "max"} for a number (a lifetime in seconds).',
    additionalProperties: {
      oneOf: [
        { const: true },
        { type: 'array', items: { type: 'string' } },
        {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { min: { type: 'number' }, max: { type: 'number' } },
        },
      ],
    },
  },
  links: {
    type: 'array',
    minItems: 1,
    description: 'A Link field (RFC 8288) that holds each of these relations, to an address the href matcher accepts (any address without href).',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['rel'],
      properties: { rel: { type: 'string', minLength: 1, description: 'A relation type, e.g. "canonical".' }, href: ref('matcher') },
    },
  },
  domainOf: {
    type: 'string',
    minLength: 1,
    description:
      'A cookie Domain by its relation to a host: a role placeholder such as "{shop_url}" (or a host name); "relation" says which: "host" (default), "parent" (a parent domain, e.g. the registrable domain) or "host-or-parent".',
  },
};

export const MATCHER_FORM_NAMES: readonly string[] = Object.keys(MATCHER_FORMS);

function matcherObject(extraForms: Record<string, Json>): Json {
  const forms = { ...MATCHER_FORMS, ...extraForms };
  return {
    type: 'object',
    description: `A matcher object: exactly one of ${Object.keys(forms).join(', ')}, plus optional source, level, when, clause, note.`,
    additionalProperties: false,
    properties: {
      ...forms,
      flags: { type: 'string', pattern: '^[dimsuv]*$', description: 'Flags of `regex` (i = ignore case, s = dot matches newline, ...).' },
      separator: { enum: [';', ','], description: 'Of `directives`: ";" (default: CSP, Feature-Policy, HSTS) or "," (Cache-Control, Permissions-Policy).' },
      relation: {
        enum: ['host', 'parent', 'host-or-parent'],
        description: 'Of `domainOf`: the Domain is the host itself (default), a parent domain of it, or either.',
      },
      ...META,
    },
    oneOf: Object.keys(forms).map((k) => ({ required: [k] })),
    dependencies: { flags: ['regex'], separator: ['directives'], relation: ['domainOf'] },
  };
}

function valueOrObject(objectDef: string, description: string): Json {
  return {
    description,
    type: ['string', 'number', 'boolean', 'object'],
    if: { type: 'object' },
    then: ref(objectDef),
  };
}

const matcherProp = (description: string): Json => ({ ...ref('matcher'), description });

const exchangeProperties: Record<string, Json> = {
  id: {
    type: 'string',
    pattern: '^[a-z]+(/[A-Za-z0-9._-]+)+$',
    description: "Hierarchical id `<role>/<name>[/<variant>]`, unique across all spec files; starts with the file's role; selectable by prefix.",
  },
  title: { type: 'string', minLength: 1, description: 'What the exchange shows, in a few words.' },
  clause: { type: 'string', minLength: 1, description: 'The row or section of the service description (or RFC section) this exchange comes from.' },
  source: { ...ref('provenance'), description: 'Default provenance of the expectations of this exchange.' },
  level: { ...ref('level'), description: 'Default level of the expectations of this exchange (default: from its provenance).' },
  request: ref('request'),
  discover: ref('discover'),
  expect: ref('expect'),
  checks: {
    type: 'array',
    items: { type: 'string', minLength: 1 },
    uniqueItems: true,
    description: 'Named checks to run on the response: ids from the registry (harness/src/checks) or prefixes such as "cookie" or "security/".',
  },
  checkLevels: {
    type: 'object',
    additionalProperties: ref('level'),
    description: "The level of a selected check's misses in this exchange, by check id or prefix (default: the check's own level).",
  },
};

const EXCHANGE_REQUIRED = ['id', 'title', 'clause', 'source', 'request', 'expect'];

export const SPEC_SCHEMA: Json = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Conformance spec file',
  description: 'The exchanges of one host role: requests to send and what their responses must show. Generated by harness/src/spec-model/schema.ts.',
  type: 'object',
  additionalProperties: false,
  required: ['$schema', 'role', 'version', 'exchanges'],
  properties: {
    $schema: { type: 'string', pattern: 'spec\\.schema\\.json$', description: 'Path of this schema, e.g. "./spec.schema.json", so editors validate the file.' },
    role: { type: 'string', enum: [...ROLES], description: 'The host role these exchanges address; every id starts with "<role>/".' },
    version: { const: 1, description: 'Version of the spec format.' },
    description: { type: 'string', description: 'Free text about this file.' },
    exchanges: { type: 'array', items: ref('exchange'), description: 'Independent exchanges, each replayed on its own.' },
    flows: { type: 'array', items: ref('flow'), description: 'Ordered, stateful steps sharing one cookie jar.' },
  },
  definitions: {
    provenance: {
      type: 'string',
      enum: [...PROVENANCES],
      description:
        'Where an expectation comes from: "capture" (stated in the service description or a HAR: assert no more than the words quoted in its clause), "rfc" (required or recommended by a standard), "reference" (a choice of the reference where the description is silent).',
    },
    level: {
      type: 'string',
      enum: [...LEVELS],
      description:
        'What a miss means: "must" (a fact of the description, an RFC MUST) fails the run; "should" (an RFC SHOULD, a recommendation) is a warning; "info" (the reference\'s own choice) informs. HARNESS_FAIL_ON moves the threshold. A reference expectation is always "info".',
    },
    premise: {
      type: 'object',
      description:
        'Judge this expectation only when the answer meets the premise (RFC 9110 requires Allow on a 405, not on every answer); otherwise its verdict is "n/a" with the reason.',
      additionalProperties: false,
      required: ['status'],
      properties: {
        status: {
          description: "The answer's status is this one, or one of these.",
          oneOf: [
            { type: 'integer', minimum: 100, maximum: 599 },
            { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } },
          ],
        },
      },
    },
    matcher: valueOrObject('matcherObject', 'A value matcher: a string, number or boolean means "equals"; an object picks another form.'),
    matcherObject: matcherObject({}),
    header: valueOrObject(
      'headerObject',
      'A header matcher: compares the combined value (field lines joined with ", "); or `lines` to compare each field line in order.',
    ),
    headerObject: matcherObject({
      lines: { type: 'array', items: ref('matcher'), description: 'One matcher per field line, in order; the number of lines must match (repeats kept).' },
    }),
    cookie: {
      type: 'object',
      description: "A cookie's expected attributes (RFC 6265 §5.2), each optional. Values are secrets: prefer shapes.",
      additionalProperties: false,
      properties: {
        absent: { const: true, description: 'The response must not set this cookie.' },
        value: matcherProp('The cookie value.'),
        path: matcherProp('The Path attribute.'),
        domain: matcherProp('The Domain attribute (leading dot removed, lowercased).'),
        expires: matcherProp("The Expires attribute as written; use relativeTime to compare with the response's Date."),
        maxAge: matcherProp('The Max-Age attribute, in seconds.'),
        httpOnly: { type: 'boolean', description: 'Whether HttpOnly is set.' },
        secure: { type: 'boolean', description: 'Whether Secure is set.' },
        sameSite: matcherProp('The SameSite attribute: "Strict", "Lax" or "None".'),
        count: {
          type: 'integer',
          minimum: 1,
          description: 'How many Set-Cookie lines carry this name (the session cookie is sent twice). Default: at least one.',
        },
        presence: {
          ...ref('level'),
          description:
            "The level of the cookie's absence alone, where it differs from the cookie's: a cookie one capture shows, whose count and attributes are a contract wherever it is set.",
        },
        ...META,
      },
    },
    body: {
      type: 'object',
      description: 'Facts about the response body.',
      additionalProperties: false,
      properties: {
        size: matcherProp('Bytes on the wire (content-coded).'),
        decodedSize: matcherProp('Bytes after removing the content coding.'),
        contains: { type: 'array', items: { type: 'string' }, description: 'Texts the decoded body contains (placeholders allowed).' },
        json: { type: 'boolean', description: 'Whether the decoded body parses as JSON.' },
        startsWithHex: {
          type: 'string',
          pattern: '^([0-9a-fA-F]{2})+$',
          description: 'Leading bytes of the decoded body in hex, e.g. "efbbbf" (UTF-8 BOM), "89504e47" (PNG).',
        },
        empty: { type: 'boolean', description: 'Whether the body is empty.' },
        ...META,
      },
    },
    request: {
      type: 'object',
      description: 'The request to send; placeholders in path and header values are resolved from the target map.',
      additionalProperties: false,
      required: ['path'],
      properties: {
        method: { type: 'string', pattern: '^[A-Z]+$', description: 'HTTP method, default GET.' },
        path: {
          type: 'string',
          pattern: '^(/|\\{)',
          description:
            'Path and query, e.g. "/{section}/css/main.css?lw=260408T1654"; or an absolute URL written with a placeholder: a further URL of a multi-name role ("{ocsp_url_2}/") or a flow variable holding a captured Location ("{{next}}").',
        },
        headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Request headers, name -> value.' },
        body: { type: 'string', description: 'Request body as text, or base64 with bodyEncoding "base64".' },
        bodyEncoding: { enum: ['utf8', 'base64'], description: 'How `body` is written. Default utf8.' },
      },
    },
    discover: {
      type: 'object',
      description:
        "The address is the deployment's own, read from one of its pages: the request path names it as {{found}} (whole address), {{found_path}} (without the query) and {{<part>}} (a named part of the template).",
      additionalProperties: false,
      required: ['from', 'select', 'template'],
      properties: {
        from: {
          type: 'string',
          minLength: 1,
          description:
            'The exchange (its id, e.g. "site/home") or the address ("/", "{shop_url}/products/{value:PRODUCT_HANDLE}") of the document whose sources list the candidates. A source that was itself discovered (a stylesheet found on the home page) widens to the page that led to it when it names nothing of the shape.',
        },
        select: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { enum: [...SELECTORS] },
          description:
            'The kinds of reference to take, from the page and every stylesheet it loads (<link rel=stylesheet> and @import, followed on the target\'s own hosts): HTML attributes; "link[rel=preload]", "link[rel=prefetch]", "link[rel=icon]" (a link element or Link field of that relation); "css" (url() and @font-face sources of a stylesheet, a <style> element or a style attribute); "font-face" (only @font-face sources); "link-header" (Link response fields); "network" (addresses a browser requested while loading the page: what its scripts build; the run\'s set-up loads the page in Chromium for the raw replay).',
        },
        template: {
          type: 'string',
          pattern: '^(/|\\{[a-z]+_url\\}/)',
          description:
            'The description\'s path shape: known placeholders are literal ({section}, {value:NAME}); other {name} is one path segment or query value the deployment chooses, {name*} one or more segments. Without "?" the query is not looked at.',
        },
        pick: { enum: ['first', 'last'], description: 'Which fitting address: the first on the page (default) or the last.' },
      },
    },
    expect: {
      type: 'object',
      description: 'What the response must show.',
      additionalProperties: false,
      properties: {
        status: matcherProp('The status code, e.g. 200 or { "oneOf": [200, 304] }.'),
        headers: {
          type: 'object',
          description: 'Expected headers by lowercase name.',
          propertyNames: { pattern: "^[a-z0-9!#$%&'*+.^_`|~-]+$" },
          additionalProperties: ref('header'),
        },
        cookies: { type: 'object', description: 'Expected Set-Cookie cookies by name.', additionalProperties: ref('cookie') },
        body: ref('body'),
      },
    },
    exchange: {
      type: 'object',
      description: 'One request and what its response must show.',
      additionalProperties: false,
      required: EXCHANGE_REQUIRED,
      properties: exchangeProperties,
    },
    flowStep: {
      type: 'object',
      description: 'One step of a flow: an exchange, plus values captured for later steps.',
      additionalProperties: false,
      required: EXCHANGE_REQUIRED,
      properties: {
        ...exchangeProperties,
        capture: {
          type: 'object',
          description: "Variables taken from this step's response; later steps use {{name}}.",
          propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            properties: {
              cookie: { type: 'string', description: 'Name of a cookie the response sets.' },
              header: { type: 'string', description: 'Name of a response header.' },
              regex: { type: 'string', description: 'A regex applied to the value; its first group (or whole match) is captured.' },
            },
          },
        },
      },
    },
    flow: {
      type: 'object',
      description: 'Ordered, stateful steps sharing one cookie jar (the visitor flag flip, redirect chains).',
      additionalProperties: false,
      required: ['id', 'title', 'clause', 'source', 'steps'],
      properties: {
        id: exchangeProperties.id,
        title: exchangeProperties.title,
        clause: exchangeProperties.clause,
        source: exchangeProperties.source,
        level: exchangeProperties.level,
        steps: { type: 'array', minItems: 1, items: ref('flowStep'), description: 'The steps, in order.' },
        checks: exchangeProperties.checks,
      },
    },
  },
};

export function specSchemaText(): string {
  return JSON.stringify(SPEC_SCHEMA, null, 2) + '\n';
}

if (require.main === module) {
  writeFileSync(SCHEMA_FILE, specSchemaText());
  console.log(`wrote ${SCHEMA_FILE}`);
}
