import { CHECKS, checkById, selectChecks, selects } from './index';

describe('check registry', () => {
  it('has unique hierarchical ids', () => {
    const ids = CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/);
  });
  it('holds the required checks', () => {
    for (const id of [
      'cache/max-age-matches-expires',
      'ocsp/etag-is-sha256-of-body',
      'body/content-length-matches',
      'vary/negotiated-response-has-vary',
      'cookie/flip-keeps-id',
      'cookie/expires-matches-lifetime',
      'security/hsts-per-role',
      'security/header-set-per-role',
      'cookie/session-cookie-sent-twice',
      'cookie/domain-matches-host',
      'headers/cache-status',
      'headers/request-id',
      'redirect/location-other-host',
    ]) {
      expect(checkById(id)?.id).toBe(id);
    }
  });
  it('every check has a level; a reference check is never more than info', () => {
    for (const c of CHECKS) {
      expect(['must', 'should', 'info']).toContain(c.level);
      if (c.source === 'reference') expect(c.level).toBe('info');
    }
  });
  it('selects by prefix at segment boundaries', () => {
    expect(selectChecks(['cookie']).map((c) => c.id)).toEqual([
      'cookie/flip-keeps-id',
      'cookie/expires-matches-lifetime',
      'cookie/pair-same-value',
      'cookie/session-cookie-sent-twice',
      'cookie/domain-matches-host',
    ]);
    expect(selectChecks(['security/', 'cache/max-age-matches-expires']).map((c) => c.id)).toEqual([
      'cache/max-age-matches-expires',
      'security/hsts-per-role',
      'security/header-set-per-role',
    ]);
    expect(selectChecks(['cook'])).toEqual([]);
    expect(selects('', 'cache/x')).toBe(false);
  });
});
