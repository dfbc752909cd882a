/**
 * The HTTP/3 edge of the reference: Caddy's JSON configuration. Node has no QUIC server in its
 * release builds, so HTTP/3 is served as a CDN serves it: an edge of its own (Caddy, on its own
 * port, TCP and UDP: Caddy binds both, so it cannot share the reference's TLS port) with the
 * reference's own certificates, proxying every request to the reference over TLS with the name the
 * client asked for (SNI) and its Host/:authority unchanged. Whatever Caddy would add is taken out:
 * its `Server` field is deleted before the proxy writes the reference's own (JSON, not the
 * Caddyfile, because the Caddyfile always defers a deletion until after the proxy, which would
 * delete the reference's `server` field too). Caddy (2.6) treats `Alt-Svc` as hop-by-hop and never
 * passes the upstream's on: the one it writes itself on its TCP answers (`ma=2592000`) is replaced
 * by the reference's value where one is given (so every answer of the edge, HTTP/3 included,
 * advertises like the reference's), deleted otherwise.
 */

export interface EdgeSiteFiles {
  /** Host names served with this certificate (exact names, no wildcard). */
  names: readonly string[];
  /** PEM: the leaf, then its intermediates. */
  certFile: string;
  keyFile: string;
}

export interface EdgeUpstreamFiles {
  /** Where the upstream listens for TLS (h2 and http/1.1). */
  host: string;
  port: number;
  /** The root that signed the upstream's certificates (Caddy verifies its upstream). */
  caFile: string;
}

export interface EdgeConfigInput {
  /** Address and port Caddy listens on (TCP and UDP). */
  bind: string;
  port: number;
  sites: readonly EdgeSiteFiles[];
  upstream: EdgeUpstreamFiles;
  /** Caddy's storage folder (certificates it would manage; kept out of the user's home). */
  storageDir: string;
  /** The `Alt-Svc` value of every answer of the edge; none when absent. */
  altSvc?: string;
}

/** How long Caddy lets in-flight requests finish when it is told to stop (Caddy's default: forever). */
export const EDGE_GRACE_PERIOD = '5s';

/** `host:port`, with the brackets an IPv6 address needs. */
export function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export function edgeConfig(input: EdgeConfigInput): Record<string, unknown> {
  const ownFields = input.altSvc === undefined ? { delete: ['Server', 'Alt-Svc'] } : { set: { 'Alt-Svc': [input.altSvc] }, delete: ['Server'] };
  const routes = input.sites.flatMap((site) =>
    site.names.map((name) => ({
      match: [{ host: [name] }],
      handle: [
        // Immediate, not deferred: Caddy's own fields go before the proxy adds the reference's.
        { handler: 'headers', response: { deferred: false, ...ownFields } },
        {
          handler: 'reverse_proxy',
          upstreams: [{ dial: hostPort(input.upstream.host, input.upstream.port) }],
          transport: { protocol: 'http', tls: { server_name: name, root_ca_pem_files: [input.upstream.caFile] } },
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
        grace_period: EDGE_GRACE_PERIOD,
        servers: {
          edge: {
            listen: [hostPort(input.bind, input.port)],
            protocols: ['h1', 'h2', 'h3'],
            routes,
            automatic_https: { disable: true },
            tls_connection_policies: input.sites.map((site, i) => ({ match: { sni: [...site.names] }, certificate_selection: { any_tag: [tags[i]] } })),
          },
        },
      },
      tls: {
        certificates: { load_files: input.sites.map((site, i) => ({ certificate: site.certFile, key: site.keyFile, tags: [tags[i]] })) },
        // No OCSP stapling (of these, loaded certificates): the reference staples none, and Caddy
        // would look the responders' names up in DNS (where `.test` names are not) at every start.
        disable_ocsp_stapling: true,
      },
    },
  };
}

/** The `Alt-Svc` field value every h1/h2 answer of the reference carries while the edge runs. */
export function altSvcValue(port: number, maxAgeSeconds = 86400): string {
  return `h3=":${port}"; ma=${maxAgeSeconds}`;
}
