/**
 * The leak check in `npm test`: the reference holds no more memory after 14,400 requests than
 * after 4,800 (read after full collections), and its handles and file descriptors return to their
 * start once the clients have gone; a reference that keeps every request's body fails it. Neither
 * verdict depends on how fast the machine is: rounds are counted in requests, not seconds.
 */
import { describeLeakCheck, medianSlope, resourcesLeft, runLeakCheck } from './leak-check';

test('medianSlope: the median of the pairwise slopes, which one odd reading does not move', () => {
  expect(medianSlope([0, 1, 2, 3, 4].map((x) => ({ x, y: 10 * x })))).toBe(10);
  // One reading far off the line changes a least-squares fit, not the median of the slopes.
  expect(medianSlope([0, 1, 2, 3, 4].map((x) => ({ x, y: x === 2 ? 500 : 10 * x })))).toBe(10);
  expect(medianSlope([0, 1, 2].map((x) => ({ x, y: 7 })))).toBe(0);
  expect(() => medianSlope([{ x: 1, y: 1 }])).toThrow('two readings');
});

test('resourcesLeft: only types above their start count', () => {
  expect(resourcesLeft({ TCPServerWrap: 2, Timeout: 1 }, { TCPServerWrap: 2 })).toEqual([]);
  expect(resourcesLeft({ TCPServerWrap: 2 }, { TCPServerWrap: 2, TLSWrap: 3, Timeout: 1 })).toEqual(['TLSWrap 0 -> 3', 'Timeout 0 -> 1']);
});

test('the reference: no errors, no 5xx, no growth of held memory per request, handles and fds back to their start', async () => {
  const result = await runLeakCheck();
  console.log(describeLeakCheck(result));
  expect(result.problems).toEqual([]);
  expect(result.requests).toBe(2 * 2400 + 6 * 2400);
  expect(result.readings).toHaveLength(7);
});

test('a reference that keeps every request body fails the check on held memory, and on nothing else', async () => {
  // Half the rounds of the real check: its leak (about 400 bytes a request) is six times the limit,
  // and three rounds of 2,400 still measure it to within a small share of that, so the check is seen to fire.
  const result = await runLeakCheck({ script: 'reference-server/src/testing/leaky-reference.ts', args: [], warmupRounds: 1, rounds: 3 });
  console.log(describeLeakCheck(result));
  expect(result.problems).toEqual([expect.stringMatching(/^held memory grew \d+ bytes per request served \(limit 64\) after full collections$/)]);
  expect(result.bytesPerRequest).toBeGreaterThan(result.maxBytesPerRequest);
});
