import { TargetConfigError, UnmappedPlaceholderError } from './errors';

describe('TargetConfigError', () => {
  it('carries a stable code, the variable and the value, and quotes the value', () => {
    const err = new TargetConfigError('TARGET_URL', 'a"b', 'is wrong');
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('HARNESS_ERR_TARGET_CONFIG');
    expect(err.name).toBe('TargetConfigError');
    expect(err.variable).toBe('TARGET_URL');
    expect(err.value).toBe('a"b');
    expect(err.pointer).toBeUndefined();
    expect(err.message).toBe('TARGET_URL: "a\\"b" is wrong');
  });

  it('names the JSON pointer when the value came from TARGETS_FILE', () => {
    const err = new TargetConfigError('TARGETS_FILE', 'x', 'is wrong', '/roles/shop');
    expect(err.pointer).toBe('/roles/shop');
    expect(err.message).toBe('TARGETS_FILE (/roles/shop): "x" is wrong');
  });

  it('shows the root pointer as "/"', () => {
    expect(new TargetConfigError('TARGETS_FILE', '[]', 'is not an object', '').message).toBe('TARGETS_FILE (/): "[]" is not an object');
  });
});

describe('UnmappedPlaceholderError', () => {
  it('has its own code and names the placeholder and the role', () => {
    const err = new UnmappedPlaceholderError('{shop_url}', 'shop');
    expect(err.code).toBe('HARNESS_ERR_TARGET_UNMAPPED');
    expect(err.placeholder).toBe('{shop_url}');
    expect(err.role).toBe('shop');
    expect(err.message).toContain('{shop_url}');
  });
});
