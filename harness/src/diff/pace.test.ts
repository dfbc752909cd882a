import { Pacer, perWorker } from './pace';

test('requests leave evenly spaced at the cap, without a burst', async () => {
  let clock = 1000;
  const slept: number[] = [];
  const pacer = new Pacer(
    4,
    () => clock,
    async (ms) => {
      slept.push(ms);
    },
  );
  await Promise.all([pacer.wait(), pacer.wait(), pacer.wait()]);
  expect(slept).toEqual([250, 500]);
  clock += 2000;
  await pacer.wait();
  expect(slept).toEqual([250, 500]);
});

test('no cap: never waits', async () => {
  const pacer = new Pacer(
    undefined,
    () => 0,
    async () => {
      throw new Error('must not sleep');
    },
  );
  await pacer.wait();
  await pacer.wait();
});

test("a run's cap is shared out between its workers", () => {
  expect(perWorker(20, 2)).toBe(10);
  expect(perWorker(20, 0)).toBe(20);
  expect(perWorker(undefined, 4)).toBeUndefined();
});
