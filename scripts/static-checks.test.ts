import * as path from 'node:path';
import { CHECKS, runChecks } from './static-checks';

const node = (name: string, script: string) => ({ name, command: `node -e ${name}`, args: ['-e', script] });

describe('the static checks run at once', () => {
  test('each output printed whole, in the order given even when a later one ends first; failures named', async () => {
    let log = '';
    const failed = await runChecks(
      [
        node('slow', "setTimeout(() => { console.log('slow says'); process.exit(0); }, 400)"),
        node('failing', "console.error('bad thing'); process.exit(3)"),
        node('quick', "console.log('quick says')"),
      ],
      (s: string) => (log += s),
    );
    expect(failed).toEqual(['failing (exit 3)']);
    expect(log).toMatch(
      /^\n> slow: node -e slow \([\d.]+ s\)\nslow says\n\n> failing: node -e failing \([\d.]+ s\)\nbad thing\n\n> quick: node -e quick \([\d.]+ s\)\nquick says\n\nstatic checks failed: failing \(exit 3\)\n$/,
    );
  });

  test('all passing: nothing failed, no failure line', async () => {
    let log = '';
    expect(await runChecks([node('a', '0'), node('b', '0')], (s: string) => (log += s))).toEqual([]);
    expect(log).not.toContain('failed');
  });

  test("npm test's checks are the type check, ESLint and Prettier over the whole tree, from the project's own packages", () => {
    expect(CHECKS.map((c) => c.command)).toEqual(['tsc --noEmit -p .', 'eslint .', 'prettier --check .']);
    for (const c of CHECKS) expect(c.args[0].startsWith(path.resolve(__dirname, '..', 'node_modules'))).toBe(true);
  });
});
