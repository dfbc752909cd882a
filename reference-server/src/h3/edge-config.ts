/**
 * The HTTP/3 edge of the reference: Caddy's JSON configuration. Node has no QUIC server in its
 * release builds, so HTTP/3 is served as a CDN serves it: an edge of its own (Caddy, on its own
 * port, TCP and UDP: Caddy binds both, so it cannot share the reference's TLS port) with the
 * reference's own certificates, proxying every request to the reference over TLS with the name the
 * client asked for (SNI) and its Host/:authority unchanged. Whatever Caddy would add is taken out:
 * its `Server` field is deleted before the proxy writes the reference's own (JSON, not the
 * Caddyfile, because the Caddyfile always defers a deletion until after the proxy, which would
 * delete the reference's `server` field too).
 */

export interface EdgeSite {
  /** Host names served with this certificate. */
  names: readonly string[];
  certFile: string;
  keyFile: string;
}

export interface EdgeConfigInput {
  /** Address and port Caddy listens on (TCP and UDP). */
  bind: string;
  port: number;
  sites: readonly EdgeSite[];
  /** Where the reference listens for TLS (h2 and http/1.1). */
  upstreamHost: string;
  upstreamPort: number;
  /** The root that signed the reference's certificates (Caddy verifies its upstream). */
  upstreamCaFile: string;
  /** Caddy's storage folder (certificates it would manage; kept out of the user's home). */
  storageDir: string;
}

export function edgeConfig(input: EdgeConfigInput): Record<string, unknown> {
  const routes = input.sites.flatMap((site) =>
    site.names.map((name) => ({
      match: [{ host: [name] }],
      handle: [
        // Immediate, not deferred: Caddy's own `Server` goes before the proxy adds the reference's.
        { handler: 'headers', response: { deferred: false, delete: ['Server'] } },
        {
          handler: 'reverse_proxy',
          upstreams: [{ dial: `${input.upstreamHost}:${input.upstreamPort}` }],
          transport: { protocol: 'http', tls: { server_name: name, root_ca_pem_files: [input.upstreamCaFile] } },
        },
      ],
      terminal: true,
    })),
  );
  const tags = input.sites.map((_, i) => `site${i}`);
  return {
    admin: { disabled: true, config: { persist: false } },
    logging: { logs: { default: { level: 'ERROR' } } },
    storage: { module: 'file_system', root: input.storageDir },
    apps: {
      http: {
        servers: {
          edge: {
            listen: [`${input.bind}:${input.port}`],
            protocols: ['h1', 'h2', 'h3'],
            routes,
            automatic_https: { disable: true },
            tls_connection_policies: input.sites.map((site, i) => ({ match: { sni: [...site.names] }, certificate_selection: { any_tag: [tags[i]] } })),
          },
        },
      },
      tls: {
        certificates: { load_files: input.sites.map((site, i) => ({ certificate: site.certFile, key: site.keyFile, tags: [tags[i]] })) },
      },
    },
  };
}

/** The `Alt-Svc` field value every h1/h2 answer of the reference carries while the edge runs. */
export function altSvcValue(port: number, maxAgeSeconds = 86400): string {
  return `h3=":${port}"; ma=${maxAgeSeconds}`;
}
