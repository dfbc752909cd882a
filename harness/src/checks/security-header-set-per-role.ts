import { fieldValue } from '../core';
import { listMembers } from '../spec-model/matchers';
import type { Check, CheckResult } from './types';
import { finding } from './util';

const DISABLED = ['microphone', 'midi', 'camera', 'magnetometer', 'gyroscope', 'payment'];

interface Rule {
  header: string;
  expected: string;
  test(value: string): boolean;
  /** Roles the rule applies to (default: every role the check applies to). */
  roles?: readonly string[];
}

/** The directives of a Content-Security-Policy, name -> source expressions (CSP 3 §2.2: the first of a name wins). */
export function cspDirectives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), sources);
  }
  return out;
}

const KEYWORD = /^'[^']*'$/;
/** A host-source (CSP 3 §2.3.1): a name, with an optional scheme, port and path; not a keyword, nonce, hash or bare scheme. */
const isHostSource = (s: string) => !KEYWORD.test(s) && !/^[a-z][a-z0-9+.-]*:$/i.test(s) && s !== '*';

/**
 * "Permissive default source policy": a default-src that allows more than the page's own origin or
 * nothing, so `'none'` and `'self'`-only policies are not permissive. "Scripts additionally allowed
 * from two tag-management and analytics hosts": script-src (or, without it, default-src) names at
 * least two host sources.
 */
export function permissiveCsp(policy: string): { ok: boolean; why: string } {
  const d = cspDirectives(policy);
  const def = d.get('default-src');
  if (!def) return { ok: false, why: 'no default-src directive' };
  const beyondSelf = def.filter((s) => s.toLowerCase() !== "'self'" && s.toLowerCase() !== "'none'");
  if (beyondSelf.length === 0) return { ok: false, why: `default-src ${def.join(' ') || '(empty)'} is not permissive` };
  const scripts = (d.get('script-src') ?? def).filter(isHostSource);
  if (scripts.length < 2)
    return { ok: false, why: `script-src names ${scripts.length} host${scripts.length === 1 ? '' : 's'} (${scripts.join(' ') || 'none'})` };
  return { ok: true, why: `default-src allows ${beyondSelf.join(' ')}; scripts from ${scripts.join(' ')}` };
}

const norm = (v: string) =>
  v
    .trim()
    .toLowerCase()
    .replace(/\s*;\s*/g, '; ');

/** The site's security header set (service description, "Headers on every {base_url} response"). */
export const SITE_SECURITY_HEADERS: readonly Rule[] = [
  {
    header: 'x-frame-options',
    expected: 'SAMEORIGIN (repeats allowed: "SAMEORIGIN, SAMEORIGIN")',
    test: (v) => listMembers(v).length > 0 && listMembers(v).every((t) => t.toUpperCase() === 'SAMEORIGIN'),
  },
  { header: 'x-xss-protection', expected: '1; mode=block', test: (v) => norm(v) === '1; mode=block' },
  { header: 'x-content-type-options', expected: 'nosniff', test: (v) => norm(v) === 'nosniff' },
  { header: 'referrer-policy', expected: 'no-referrer-when-downgrade', test: (v) => norm(v) === 'no-referrer-when-downgrade' },
  {
    header: 'content-security-policy',
    expected: "a permissive default-src (more than 'self' or 'none') and script-src naming at least two hosts",
    test: (v) => permissiveCsp(v).ok,
  },
  {
    header: 'feature-policy',
    expected: DISABLED.map((f) => `${f} 'none'`).join('; '),
    test: (v) => {
      const parts = new Map(
        v
          .split(';')
          .map((p) => p.trim().split(/\s+/))
          .map(([f, ...rest]) => [f.toLowerCase(), rest.join(' ')]),
      );
      return DISABLED.every((f) => parts.get(f) === "'none'");
    },
  },
  {
    header: 'permissions-policy',
    expected: DISABLED.map((f) => `${f}=()`).join(', '),
    test: (v) => {
      const parts = new Map(
        v
          .split(',')
          .map((p) => p.trim().split('='))
          .map(([f, ...rest]) => [f.trim().toLowerCase(), rest.join('=').replace(/\s+/g, '')]),
      );
      return DISABLED.every((f) => parts.get(f) === '()');
    },
  },
  { header: 'request-context', expected: 'appId=<application id>', test: (v) => /^appId=\S+$/.test(v.trim()), roles: ['site'] },
];

/** Roles whose responses carry the site's security header set. */
export const ROLES_WITH_SITE_HEADERS: readonly string[] = ['site', 'assets'];

export const securityHeaderSetPerRole: Check = {
  id: 'security/header-set-per-role',
  title: "The site's security header set is on every site and asset-host response",
  clause:
    'Service description, "Headers on every {base_url} response" (x-frame-options "SAMEORIGIN", x-xss-protection "1; mode=block", x-content-type-options "nosniff", referrer-policy ' +
    '"no-referrer-when-downgrade", content-security-policy "permissive default source policy; scripts additionally allowed from two tag-management and analytics hosts", ' +
    'feature-policy and permissions-policy "microphone, midi, camera, magnetometer, gyroscope, payment all disabled", request-context "appId=<application id>") ' +
    'and Media files on {asset_url}: "plus the same security headers as {base_url}" (request-context is not a security header).',
  source: 'capture',
  level: 'must',
  fields: (role) =>
    ROLES_WITH_SITE_HEADERS.includes(role) ? SITE_SECURITY_HEADERS.filter((r) => !r.roles || r.roles.includes(role)).map((r) => r.header) : [],
  run(ex, context) {
    if (!ROLES_WITH_SITE_HEADERS.includes(context.role)) return [];
    const out: CheckResult[] = [];
    for (const rule of SITE_SECURITY_HEADERS) {
      if (rule.roles && !rule.roles.includes(context.role)) continue;
      const value = fieldValue(ex.lines, rule.header);
      const ok = value !== undefined && rule.test(value);
      const why = rule.header === 'content-security-policy' && value !== undefined && !ok ? ` (${permissiveCsp(value).why})` : '';
      out.push(
        finding(securityHeaderSetPerRole, ok, rule.expected, `${value ?? '(absent)'}${why}`, {
          part: rule.header,
          field: rule.header,
          ...(why ? { observed: value } : {}),
        }),
      );
    }
    return out;
  },
};
