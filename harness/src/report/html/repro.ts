/** Reproduction commands: a copyable block per step, and the HTTP/3 launches written once as shell functions. */
import { esc } from '../escape';
import type { StepReport, TestReport } from '../types';

export function reproBlock(s: StepReport, text = s.reproduce): string {
  return `<div class="repro"><code id="${s.key}-cmd">${esc(text)}</code><button type="button" class="copy" data-for="${s.key}-cmd">Copy</button></div>`;
}

/**
 * An HTTP/3 command is a long Chromium launch (every endpoint, every resolver rule) and a short
 * request part. The launches are written once, as shell functions in the run's header, and each
 * step calls its function: a run with many h3 legs would otherwise repeat kilobytes per step.
 */
export function collectH3Launchers(tests: readonly TestReport[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const t of tests)
    for (const l of t.legs ?? [])
      for (const s of l.steps) {
        const launch = s.protocol === 'h3' ? s.h3Command?.launch : undefined;
        if (launch !== undefined && !names.has(launch)) names.set(launch, names.size === 0 ? 'chromium_h3' : `chromium_h3_${names.size + 1}`);
      }
  return names;
}

export function h3LaunchersBlock(h3Launchers: ReadonlyMap<string, string>): string {
  if (h3Launchers.size === 0) return '';
  const defs = [...h3Launchers].map(
    ([launch, name], i) =>
      `<div class="repro"><code id="h3-launch-${i + 1}-cmd">${esc(`${name}() { ${launch} "$@"; }`)}</code><button type="button" class="copy" data-for="h3-launch-${i + 1}-cmd">Copy</button></div>`,
  );
  return `<details><summary>HTTP/3 reproduction (${h3Launchers.size === 1 ? 'one Chromium launch' : `${h3Launchers.size} Chromium launches`})</summary><p class="muted">The HTTP/3 commands of the steps call ${
    h3Launchers.size === 1 ? 'this shell function' : 'these shell functions'
  }: Chromium with QUIC forced to the advertised endpoints and the run's resolver rules and trust. Paste it into the shell first.</p>${defs.join('')}</details>`;
}

/** A step's HTTP/3 command, calling the shell function of its launch (`RenderContext.h3Launchers`). */
export function h3Repro(h3Launchers: ReadonlyMap<string, string>, s: StepReport): string {
  const name = s.h3Command && h3Launchers.get(s.h3Command.launch);
  return reproBlock(s, name && s.h3Command ? `${name} ${s.h3Command.request}` : s.reproduce);
}
