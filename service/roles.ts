/**
 * The host roles of the service description: the one list the harness, the reference server and
 * their tests read, and the only place a role is named as a whole. Each role has the spec
 * placeholder that stands for its first origin, whether it is served under several names (one OCSP
 * responder name per issuing intermediate; the redirector's main name, then the hops of the favicon
 * chain), whether it is plain HTTP, and the names the reference serves it under, its canonical name
 * first.
 *
 * The harness takes only the roles and placeholders as its contract; the reference's names it reads
 * only to map captures of the reference (har2spec's default mapping) and in tests that put
 * something in front of the reference. A deployment that names its hosts differently is mapped
 * through TARGET_* variables, never through this file.
 *
 * Adding a role: an entry here, its spec file (`specs/<role>.json`) and its host in the reference
 * (`reference-server/src/hosts/<role>/`, registered in `hosts/registry.ts`). `roles.test.ts`
 * keeps that true.
 */
export interface RoleEntry {
  readonly placeholder: `{${string}_url}`;
  readonly severalNames?: true;
  /** Served over plain HTTP (OCSP clients use http), every other role over TLS. */
  readonly plainHttp?: true;
  readonly referenceNames: readonly [string, ...string[]];
}

export const ROLE_TABLE = {
  site: { placeholder: '{base_url}', referenceNames: ['www.lessons.test'] },
  bare: { placeholder: '{bare_url}', referenceNames: ['lessons.test'] },
  assets: { placeholder: '{asset_url}', referenceNames: ['media.lessons.test'] },
  maintenance: { placeholder: '{maintenance_url}', referenceNames: ['maintenance.lessons.test'] },
  ocsp: { placeholder: '{ocsp_url}', severalNames: true, plainHttp: true, referenceNames: ['r10.o.pki.test', 'r11.o.pki.test'] },
  shop: { placeholder: '{shop_url}', referenceNames: ['shop.store.test'] },
  redirector: { placeholder: '{redirector_url}', severalNames: true, referenceNames: ['go.redirect.test', 'hop2.redirect.test', 'hop3.redirect.test'] },
  analytics: { placeholder: '{analytics_url}', referenceNames: ['analytics.beacon.test'] },
} as const satisfies Record<string, RoleEntry>;

export type Role = keyof typeof ROLE_TABLE;

/** The roles in the order of the service description (reports and maps list them so). */
export const ROLES: readonly Role[] = Object.freeze(Object.keys(ROLE_TABLE) as Role[]);

/** `{ role: f(entry) }` for every role, typed per role. */
export function perRole<T>(f: (entry: (typeof ROLE_TABLE)[Role], role: Role) => T): Readonly<Record<Role, T>> {
  return Object.freeze(Object.fromEntries(ROLES.map((r) => [r, f(ROLE_TABLE[r], r)])) as Record<Role, T>);
}
