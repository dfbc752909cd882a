import { createHash } from 'node:crypto';
import { BodySink } from './body-sink';

test('a body within the cap is kept whole, with nothing marked truncated', () => {
  const sink = new BodySink(10);
  sink.push(Buffer.from('hello'));
  sink.push(Buffer.from('world'));
  expect(sink.finish()).toEqual({ body: Buffer.from('helloworld') });
});

test('past the cap only the first cap bytes are kept; the size and SHA-256 are of every byte received', () => {
  const chunks = [Buffer.alloc(6, 'a'), Buffer.alloc(6, 'b'), Buffer.alloc(1000, 'c')];
  const sink = new BodySink(8);
  for (const c of chunks) sink.push(c);
  const all = Buffer.concat(chunks);
  expect(sink.totalBytes).toBe(all.length);
  const { body, truncated } = sink.finish();
  expect(body).toEqual(all.subarray(0, 8));
  expect(truncated).toEqual({ totalBytes: all.length, sha256: createHash('sha256').update(all).digest('hex'), keptBytes: 8 });
});
