/**
 * Facts of an answer that say whether it tested anything, kept in the step's record for the report
 * (which sees every role's answers together and tells an inconclusive role): the SHA-256 of the
 * body, the HTML title, and the marks of a bot or WAF challenge on a refusal.
 */
import { createHash } from 'node:crypto';
import { fieldValue } from '../core';
import type { AnswerFacts } from '../record';
import type { ObservedExchange } from '../spec-model/observed';

/** Statuses a challenge page is served with. */
const CHALLENGE_STATUSES = new Set([403, 429, 503]);
/** What the common bot checks and WAFs put in their challenge pages. */
const BODY_MARKERS: Array<[RegExp, string]> = [
  [/\/cdn-cgi\/challenge-platform\//i, 'Cloudflare challenge platform'],
  [/<title>\s*Just a moment\.\.\.\s*<\/title>/i, 'Cloudflare "Just a moment..."'],
  [/Attention Required! \| Cloudflare/i, 'Cloudflare "Attention Required!"'],
  [/challenges\.cloudflare\.com\/turnstile|cf-turnstile/i, 'Cloudflare Turnstile'],
  [/g-recaptcha|google\.com\/recaptcha/i, 'reCAPTCHA'],
  [/h-captcha|hcaptcha\.com/i, 'hCaptcha'],
  [/captcha-delivery\.com|datadome/i, 'DataDome'],
  [/px-captcha|perimeterx|human security/i, 'HUMAN (PerimeterX)'],
  [/_Incapsula_Resource|incapsula incident id/i, 'Imperva Incapsula'],
  [/aws-waf-token|awswaf/i, 'AWS WAF'],
  [/Sucuri WebSite Firewall/i, 'Sucuri'],
  [/Checking your browser before accessing|DDoS protection by/i, 'a browser check'],
];
const HEADER_MARKERS: Array<[string, RegExp, string]> = [
  ['cf-mitigated', /challenge/i, 'cf-mitigated: challenge'],
  ['x-amzn-waf-action', /./, 'x-amzn-waf-action'],
  ['x-datadome', /./, 'x-datadome'],
  ['x-sucuri-block', /./, 'x-sucuri-block'],
];
/** Bytes of a body read for its title and marks. */
const SCAN_BYTES = 65536;

export function answerFacts(observed: ObservedExchange): AnswerFacts {
  const body = observed.decoded ?? observed.body;
  const facts: AnswerFacts = { sha256: createHash('sha256').update(body).digest('hex') };
  const type = fieldValue(observed.lines, 'content-type') ?? '';
  const text = /html|text|xml/i.test(type) || type === '' ? body.subarray(0, SCAN_BYTES).toString('latin1') : '';
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
  if (title) facts.title = title.length > 120 ? `${title.slice(0, 117)}...` : title;
  const location = fieldValue(observed.lines, 'location');
  if (observed.status >= 300 && observed.status < 400 && location) {
    try {
      const u = new URL(location, observed.request.url);
      facts.redirect = `${u.origin}${u.pathname}`;
    } catch {
      /* a Location that does not parse names no address */
    }
  }
  if (CHALLENGE_STATUSES.has(observed.status)) {
    const marks = [
      ...HEADER_MARKERS.filter(([name, value]) => value.test(fieldValue(observed.lines, name) ?? '') && fieldValue(observed.lines, name) !== undefined).map(
        ([, , mark]) => mark,
      ),
      ...BODY_MARKERS.filter(([re]) => re.test(text)).map(([, mark]) => mark),
    ];
    if (marks.length) facts.markers = [...new Set(marks)];
  }
  return facts;
}
