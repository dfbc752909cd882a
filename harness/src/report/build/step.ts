/** A recorded step as the report shows it: its request (with a command that reproduces it) and its answer, secrets redacted. */
import { readRecordedNoise } from '../../core';
import type { H3Command, Untrusted } from '../../record';
import { anchor } from '../anchors';
import { reproduceCommand } from '../repro';
import type { Expectation, LegProtocol, LegReport, ResponseReport, StepReport } from '../types';
import type { BuildContext } from './context';
import { redactUrls, shownLines, shownUrl } from './redact';
import { leg, num, pairs, SHA256, str, text, type RawLeg, type RawResponse, type RawStep } from './validate';

/** The legs of a record; `prefix` keeps a baseline's step anchors apart from the candidate's. */
export function buildLegs(raws: RawLeg[], prefix: string, testKey: string, expectations: Expectation[], ctx: BuildContext): LegReport[] {
  return raws.map((l) => {
    const p = leg(l.protocol) ?? 'h1';
    const node = str(l.node);
    const steps: StepReport[] = (l.steps ?? []).map((s, i) => buildStep(s, { protocol: p, node }, i, `${prefix}${testKey}`, expectations, ctx));
    return { protocol: p, ...(node ? { node } : {}), ...(str(l.skipped) ? { skipped: str(l.skipped) } : {}), steps };
  });
}

function buildStep(
  s: RawStep,
  on: { protocol: LegProtocol; node: string | undefined },
  index: number,
  testKey: string,
  expectations: Expectation[],
  ctx: BuildContext,
): StepReport {
  const { protocol, node } = on;
  const id = text(s.id);
  const step: StepReport = {
    key: anchor('s', `${id} ${protocol}${node ? ` ${node}` : ''}`, testKey, String(index)),
    id,
    protocol,
    ...(node ? { node } : {}),
    expectationKeys: expectations.filter((e) => e.step === id).map((e) => e.key),
  };
  if (str(s.skipped)) step.skipped = str(s.skipped);
  const noise = readRecordedNoise(s.noise);
  if (noise) step.noise = noise;
  if (s.discovered) {
    const d = s.discovered;
    step.discovered = {
      template: text(d.template),
      from: shownUrl(text(d.from), ctx),
      ...(str(d.url) ? { url: shownUrl(text(d.url), ctx) } : {}),
      ...(str(d.via) ? { via: text(d.via) } : {}),
    };
  }
  if (s.request) {
    step.request = {
      method: text(s.request.method) || 'GET',
      url: shownUrl(text(s.request.url), ctx),
      headers: shownLines(pairs(s.request.headers), ctx),
    };
    if (protocol === 'h3') {
      const h3 = h3Command(s.h3?.command, ctx);
      if (h3) Object.assign(step, { reproduce: `${h3.launch} ${h3.request}`, h3Command: h3 });
    } else {
      const command = curlCommand(step.request, protocol, node, ctx);
      if (command) step.reproduce = command;
    }
  }
  if (s.response) step.response = responseOf(s.response, protocol, ctx);
  if (protocol === 'h3' && s.h3 && typeof s.h3 === 'object') {
    step.h3 = { endpoint: text(s.h3.endpoint), ...(s.h3.twin && typeof s.h3.twin === 'object' ? { twin: responseOf(s.h3.twin, 'h1', ctx) } : {}) };
  }
  return step;
}

/**
 * An h3 step's command: the Chromium command the replay recorded (a curl line would go over TCP and
 * prove nothing of h3), its addresses redacted as the request's are.
 */
function h3Command(recorded: Untrusted<H3Command> | undefined, ctx: BuildContext): StepReport['h3Command'] {
  const launch = str(recorded?.launch);
  const request = str(recorded?.request);
  if (launch === undefined || request === undefined) return undefined;
  return ctx.rawSecrets ? { launch, request } : { launch: redactUrls(launch), request: redactUrls(request) };
}

/** An h1 or h2 step's command: curl. */
function curlCommand(request: NonNullable<StepReport['request']>, protocol: 'h1' | 'h2', node: string | undefined, ctx: BuildContext): string | undefined {
  try {
    return reproduceCommand(request, protocol, ctx.target, node);
  } catch {
    return undefined; // a URL that does not parse: no command
  }
}

/** An answer as the report shows it: header values of secrets redacted, TLS summarised. */
function responseOf(r: RawResponse, protocol: LegProtocol, ctx: BuildContext): ResponseReport {
  const tls = r.tls && typeof r.tls === 'object' ? r.tls : undefined;
  return {
    protocol: text(r.protocol) || protocol,
    status: num(r.status) ?? 0,
    lines: shownLines(pairs(r.lines), ctx),
    bodySize: num(r.bodySize) ?? 0,
    ...(num(r.decodedSize) !== undefined ? { decodedSize: num(r.decodedSize) } : {}),
    ...(str(r.decodeError) ? { decodeError: str(r.decodeError) } : {}),
    ...(tls
      ? {
          tls: {
            protocol: text(tls.protocol),
            ...(str(tls.peerSubject) ? { peerSubject: str(tls.peerSubject) } : {}),
            ...(str(tls.peerIssuer) ? { peerIssuer: str(tls.peerIssuer) } : {}),
            ...(str(tls.validFrom) ? { validFrom: str(tls.validFrom) } : {}),
            ...(str(tls.validTo) ? { validTo: str(tls.validTo) } : {}),
            ...(Array.isArray(tls.peerNames) ? { peerNames: tls.peerNames.map(text) } : {}),
          },
        }
      : {}),
    ...(num(r.timings?.totalMs) !== undefined ? { totalMs: num(r.timings?.totalMs) } : {}),
    ...(str(r.sha256) && SHA256.test(str(r.sha256)!) ? { sha256: str(r.sha256) } : {}),
    ...(str(r.title) ? { title: str(r.title)!.slice(0, 120) } : {}),
    ...(Array.isArray(r.markers) ? { markers: r.markers.map(text).slice(0, 12) } : {}),
    ...(str(r.redirect) ? { redirect: shownUrl(str(r.redirect)!, ctx) } : {}),
  };
}
