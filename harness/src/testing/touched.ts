/**
 * Detection cases replay only what their deviation can change. The proxy records, item by item,
 * the answers each spec item got from the unmodified target; a mutation is then tried on copies of
 * those answers. An item none of whose answers the mutation changes gets the same answers from the
 * broken target as from the clean one, and so sends the same requests and reaches the same
 * conclusion: its outcome is the clean run's. The touched items are replayed against the broken
 * target, and each case still asserts over every item of the suite.
 *
 * The full runs stay: the unmodified target (through Playwright and in process) and the case with
 * many deviations at once replay everything, which keeps items that would influence each other
 * under test.
 */
import { loadTargetMap } from '../target-map';
import type { SpecFile } from '../spec-model/types';
import { copyExchange, type MutatingProxy, type Mutation, type ProxiedExchange } from './mutating-proxy';
import { withTestBudgets } from './budgets';
import { replayOutcomes, type Outcome } from './outcomes';

const sameAnswer = (a: ProxiedExchange, b: ProxiedExchange): boolean =>
  a.status === b.status && a.stall === b.stall && a.body.equals(b.body) && JSON.stringify(a.lines) === JSON.stringify(b.lines);

/** The names whose recorded answers `mutation` changes (one that throws on an answer counts as a change). */
export function touchedBy(traffic: ReadonlyMap<string, readonly ProxiedExchange[]>, mutation: Mutation): Set<string> {
  const out = new Set<string>();
  for (const [name, answers] of traffic) {
    for (const answer of answers) {
      const copy = copyExchange(answer);
      try {
        mutation(copy);
      } catch {
        out.add(name);
        break;
      }
      if (!sameAnswer(answer, copy)) {
        out.add(name);
        break;
      }
    }
  }
  return out;
}

export type RunItems<T = Outcome> = (ids: ReadonlySet<string>) => Promise<Map<string, T>>;

export interface CaseOutcomes<T = Outcome> {
  /** Every item's outcome: the run's for the touched items, the clean run's for the rest. */
  outcomes: Map<string, T>;
  /** The items run against the broken target. */
  ran: string[];
}

/**
 * A set of items (replay tests, browser flows) against the proxied reference: a clean run that
 * records each item's answers, then runs under mutations that run only the items they touch.
 */
export class TouchedRuns<T = Outcome> {
  private clean: Promise<Map<string, T>> | undefined;

  /**
   * `run`: runs the named items against the proxy as it is, each with clients (or a browser
   * context) of its own making: a page read once and shared by the items after (the source pages
   * of `discover`) must be read again by an item run alone, so that every answer it needs is
   * recorded as its own. `label` keeps this set's recordings apart from another set's on the proxy.
   */
  constructor(
    private readonly proxy: MutatingProxy,
    private readonly ids: readonly string[],
    private readonly run: RunItems<T>,
    private readonly label: string,
  ) {}

  /** The unmodified target's outcomes, each item run alone so that every answer is known to be its own. Run once, then kept. */
  cleanOutcomes(): Promise<Map<string, T>> {
    this.clean ??= (async () => {
      this.proxy.setMutation(undefined);
      const out = new Map<string, T>();
      try {
        for (const id of this.ids) {
          this.proxy.attributeTo(this.key(id));
          for (const [item, outcome] of await this.run(new Set([id]))) out.set(item, outcome);
        }
      } finally {
        this.proxy.attributeTo(undefined);
      }
      return out;
    })();
    return this.clean;
  }

  /** Every item's outcome against the target with `mutation`, running only the items it touches (`run`: this case's own way to run them). */
  async under(mutation: Mutation, run: RunItems<T> = this.run): Promise<CaseOutcomes<T>> {
    const clean = await this.cleanOutcomes();
    const prefix = `${this.label}\u0000`;
    const mine = new Map([...this.proxy.traffic()].filter(([k]) => k.startsWith(prefix)));
    const touched = new Set([...touchedBy(mine, mutation)].map((k) => k.slice(prefix.length)));
    this.proxy.setMutation(mutation);
    const ran = touched.size ? await run(touched) : new Map<string, T>();
    return { outcomes: new Map([...clean].map(([id, o]) => [id, ran.get(id) ?? o])), ran: [...ran.keys()] };
  }

  private key(id: string): string {
    return `${this.label}\u0000${id}`;
  }
}

/** The spec files with only the items named. */
export const onlyItems = (specs: readonly SpecFile[], ids: ReadonlySet<string>): SpecFile[] =>
  specs.map((s) => ({ ...s, exchanges: s.exchanges.filter((e) => ids.has(e.id)), flows: (s.flows ?? []).filter((f) => ids.has(f.id)) }));

/** The replay tests of `specs` against the proxied reference (`env`: the proxy's target variables, under the test budgets), each `run` with clients of its own. */
export function touchedReplay(proxy: MutatingProxy, env: () => Record<string, string>, specs: readonly SpecFile[], label: string): TouchedRuns {
  const ids = specs.flatMap((s) => [...s.exchanges, ...(s.flows ?? [])].map((i) => i.id));
  return new TouchedRuns(proxy, ids, (chosen) => replayOutcomes(loadTargetMap(withTestBudgets(env())), onlyItems(specs, chosen)), label);
}
