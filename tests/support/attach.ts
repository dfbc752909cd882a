import type { TestInfo } from '@playwright/test';
import { runRedactor, type RunRedactor } from '../../harness/src/har/redact';
import { checkedRecord } from '../../harness/src/record/check';
import type { TestRecord } from '../../harness/src/record';
import { isTextual } from '../../harness/src/diff/hosts';

let redactor: RunRedactor | undefined;

/**
 * The worker's redactor: the run's credentials, and every secret the worker's records have carried
 * so far. Everything a test writes (its attachments under test-results, its skip reason, its
 * assertion message, which the terminal shows) goes through it.
 */
export function workerRedactor(): RunRedactor {
  redactor ??= runRedactor(process.env);
  return redactor;
}

/** Attaches a record as `findings` (the reporter's input), checked against its schema, its secrets learned and replaced. */
export async function attachRecord(testInfo: TestInfo, record: TestRecord): Promise<void> {
  const body = workerRedactor()
    .learn(checkedRecord(record))
    .scrub(JSON.stringify(record, null, 2));
  await testInfo.attach('findings', { body, contentType: 'application/json' });
}

/** Attaches a saved body: a text body with the run's secrets replaced. */
export async function attachBody(testInfo: TestInfo, name: string, body: Buffer, contentType: string): Promise<void> {
  const shown = isTextual(contentType) ? Buffer.from(workerRedactor().scrub(body.toString('utf8')), 'utf8') : body;
  await testInfo.attach(name, { body: shown, contentType });
}

/** A text shown by the test (a skip reason, an assertion message), its secrets replaced. */
export function shown(text: string | undefined): string | undefined {
  return text === undefined ? undefined : workerRedactor().learnAndScrub(text);
}
