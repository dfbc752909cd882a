/**
 * What the raw flows share: one context per flow run that sends requests over the replay's
 * HTTP/1.1 dispatcher (raw lines kept, redirects never followed, the transport limits applied),
 * records each exchange as a step of a `ReplayRecord` (so the reporter shows flows like the data
 * replay), and collects findings with the replay's provenance rules.
 */
import { judged, unjudged, type Aspect, type Finding } from '../../core';
import { newReplayRecord, newStepRecord, type ReplayFinding, type ReplayRecord, type StepRecord } from '../../record';
import type { ObservedExchange } from '../../spec-model/observed';
import type { Provenance } from '../../spec-model/types';
import type { Role } from '../../target-map';
import { bodyError, sendObserved, transportFinding, type ReplayClients } from '../../replay';
import type { RequestSpec } from '../../transport/send';

export interface FlowOptions {
  /** The role the flow is about, or `service` for the service as a whole. */
  role: Role | 'service';
  targetName?: string;
}

export interface FlowRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

export class FlowContext {
  readonly record: ReplayRecord;
  private step: StepRecord | undefined;
  private node: string | undefined;

  constructor(
    readonly id: string,
    readonly clients: ReplayClients,
    readonly options: FlowOptions,
  ) {
    this.record = newReplayRecord({ id, role: options.role, kind: 'flow', target: this.target }, [{ protocol: 'h1', steps: [] }]);
  }

  get target(): string {
    return this.options.targetName ?? this.clients.map.origin;
  }

  private get steps(): StepRecord[] {
    return this.record.legs[0].steps;
  }

  /** Opens a step of the record: later findings go to it. */
  begin(stepId: string): StepRecord {
    this.step = newStepRecord(stepId, 'h1');
    this.steps.push(this.step);
    return this.step;
  }

  /**
   * Sends one request as a step; a transport failure (refused, reset, timeout, certificate, bad
   * framing) or an unusable body is an `error` finding naming the role, URL and cause, and the
   * result is undefined.
   */
  async fetch(stepId: string, req: FlowRequest, source: Provenance = 'rfc'): Promise<ObservedExchange | undefined> {
    const rec = this.begin(stepId);
    const spec: RequestSpec = {
      url: req.url,
      method: (req.method ?? 'GET').toUpperCase(),
      headers: req.headers ?? {},
      ...(req.body ? { body: req.body } : {}),
    };
    let sent;
    try {
      sent = await sendObserved(this.clients, 'h1', spec, this.target, rec);
    } catch (e) {
      rec.findings.push(transportFinding(stepId, e, { role: this.options.role, level: 'must', source: 'rfc', target: this.target, protocol: 'h1' }));
      return undefined;
    }
    const { observed, response } = sent;
    const problem = bodyError(stepId, response, observed, { target: this.target, role: this.options.role, source, protocol: 'h1' });
    if (problem) {
      rec.findings.push(problem);
      return undefined;
    }
    return observed;
  }

  /** Records one comparison: pass, or the verdict of its level (default: from its provenance). */
  expect(id: string, ok: boolean, expected: string, actual: string, source: Provenance, extra: Partial<Finding> = {}): boolean {
    const { verdict: _ignored, ...fields } = extra;
    this.push(judged(ok, { id, expected, actual, source, ...fields }, this.clients.map.origin));
    return ok;
  }

  /** A rule whose premise the answer does not meet: `n/a` with the reason, never a pass. */
  notApplicable(id: string, expected: string, reason: string, source: Provenance = 'rfc', extra: Partial<Finding> = {}): void {
    this.push(unjudged('n/a', { id, expected, actual: '(not judged)', message: reason, source, ...extra }));
  }

  /** A run error (no usable answer): never a pass. */
  error(id: string, expected: string, message: string, aspect?: Aspect, extra: Pick<Finding, 'node'> = {}): void {
    this.push(unjudged('error', { id, ...(aspect ? { aspect } : {}), expected, actual: '(no usable response)', message, source: 'rfc', ...extra }));
  }

  /** A fact reported as `info`, judging nothing (a certificate's stapled OCSP response). */
  note(id: string, expected: string, actual: string, extra: Partial<Finding> = {}): void {
    this.push(unjudged('info', { id, expected, actual, source: 'rfc', ...extra }));
  }

  skip(id: string, reason: string): void {
    this.push(unjudged('skip', { id, level: 'must', expected: 'a step that can run', actual: reason, source: 'rfc' }));
  }

  /** Adds findings computed elsewhere (the named checks). */
  add(findings: Finding[]): void {
    for (const f of findings) this.push(f);
  }

  /**
   * The aspect of a finding its caller named none for: the fact its id names after the step's id or
   * the flow's (`ocsp/live/site/aia/post cert status` -> `cert status`), the writer's own words, so
   * readers never take an id apart.
   */
  private factOf(f: Finding): Pick<Finding, 'aspect'> {
    if (f.aspect) return {};
    const prefix = [this.step?.id, this.id].find((p) => p !== undefined && f.id.startsWith(`${p} `));
    return prefix ? { aspect: { kind: 'fact', name: f.id.slice(prefix.length + 1) } } : {};
  }

  /** The node the findings from here on are about (a name's other node, asked on its own), until called without one. */
  atNode(address: string | undefined): void {
    this.node = address;
  }

  private push(f: Finding): void {
    const step = this.step ?? this.begin(this.id);
    const out: ReplayFinding = { ...(this.node ? { node: this.node } : {}), ...this.factOf(f), ...f, target: this.target, protocol: 'h1' };
    step.findings.push(out);
  }
}

export const show = (v: string | undefined): string => v ?? '(absent)';
