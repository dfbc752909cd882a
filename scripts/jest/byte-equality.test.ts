import { buffersEqual } from './byte-equality';

describe('Buffer equality in toEqual', () => {
  test('two Buffers: equal exactly when their bytes are', () => {
    expect(buffersEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(buffersEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(buffersEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
    expect(buffersEqual(Buffer.alloc(0), Buffer.alloc(0))).toBe(true);
  });

  test('anything but two Buffers is left to Jest', () => {
    expect(buffersEqual(Buffer.from('a'), new Uint8Array([97]))).toBeUndefined();
    expect(buffersEqual('a', Buffer.from('a'))).toBeUndefined();
    expect(buffersEqual({ a: 1 }, { a: 1 })).toBeUndefined();
  });

  test('installed: toEqual tells large Buffers apart by one byte, and nested in objects', () => {
    const a = Buffer.alloc(1 << 20, 7);
    const b = Buffer.from(a);
    expect(a).toEqual(b);
    expect({ body: a }).toEqual({ body: b });
    b[b.length - 1] = 8;
    expect(a).not.toEqual(b);
    expect({ body: a }).not.toEqual({ body: b });
    // A failure is still Jest's, with its diff (over a small Buffer: printing a large one takes long).
    expect(() => expect(Buffer.from('abc')).toEqual(Buffer.from('abd'))).toThrow(/toEqual/);
  });
});
