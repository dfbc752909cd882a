/** The clients of one target that the replay and the raw flows send through, shared by the tests of a worker. */
import type { Protocol } from '../record';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Dispatcher } from 'undici';
import type { ObservedTls } from '../spec-model/observed';
import { type TargetMap } from '../target-map';
import { pinnedTo } from '../target-map/nodes';
import { createDispatcher } from '../target-map/dispatcher';
import { H2Client, tlsFacts } from '../transport/h2';
import type { Discovery } from '../discover/discovery';
import { readPages } from '../discover/shared-pages';
import { discoveryOver } from './discovered';
import { targetContextOptions } from '../browser/context-options';
import { targetBrowserLaunch } from '../browser/launch';
import { quicCommand, quicLaunch } from '../browser/quic';
import { H3Client, type H3Launcher } from '../transport/h3-client';

export type BeforeRequest = (request: { method: string; url: string; headers: Record<string, string>; body?: Buffer }, protocol: Protocol) => Promise<void>;

/** Clients of one target, shared by the tests of a worker. */
export class ReplayClients {
  readonly h1: Dispatcher;
  readonly h2: H2Client;
  /** The source pages of `discover` blocks, each read once for the life of these clients. */
  readonly discovery: Discovery;
  /** TLS facts of the h1 connections, by origin (every connection to an origin presents the same). */
  private readonly tls = new Map<string, ObservedTls>();

  /** Awaited before every request of a step (a rate cap on a baseline that is production), with the request about to leave. */
  readonly beforeRequest?: BeforeRequest;
  /** The HTTP/3 leg's browser (launched at its first request); absent with TARGET_H3=0 or `h3: false`. */
  readonly h3?: H3Client;
  /** The HTTP/3 client was handed in (`h3Client`): its owner closes it, not `close()`. */
  private readonly h3Lent: boolean;
  /** Clients pinned to one node of a name (`forNode`), by name and address. */
  private readonly nodes = new Map<string, ReplayClients>();

  /**
   * `discoveryFile`: the source pages the run's set-up read (HARNESS_DISCOVERY_FILE), not asked for again.
   * `h3: false`: no HTTP/3 legs (a differential run's baseline: its h1 and h2 answers are what the target is compared with).
   * `h3Client`: the HTTP/3 leg's client of other clients of the same target, shared rather than a browser of its own (closed by its owner).
   */
  constructor(
    readonly map: TargetMap,
    options: { discoveryFile?: string; beforeRequest?: BeforeRequest; h3?: boolean; h3Client?: H3Client; discovery?: Discovery } = {},
  ) {
    if (options.beforeRequest) this.beforeRequest = options.beforeRequest;
    this.h3Lent = options.h3Client !== undefined;
    if (options.h3 !== false && !map.h3Off) this.h3 = options.h3Client ?? new H3Client(map, chromiumOverQuic(map));
    this.h1 = createDispatcher(map, {
      allowH2: false,
      onSocket: (socket: Socket, o) => {
        if ('getPeerCertificate' in socket) this.tls.set(`${o.protocol}//${o.hostname}:${o.port}`, tlsFacts(socket as TLSSocket));
      },
    });
    this.h2 = new H2Client(map);
    this.discovery = options.discovery ?? discoveryOver(this.h1, map.limits);
    if (options.discoveryFile) for (const page of readPages(options.discoveryFile)) this.discovery.seed(page);
  }

  tlsOf(url: URL): ObservedTls | undefined {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return this.tls.get(`${url.protocol}//${url.hostname}:${port}`);
  }

  /**
   * Clients of one node of `url`'s name: every connection to that name goes to `address`. They
   * share these clients' discovery (a flow's discovered address is the site's, whichever node
   * answers it) and send no HTTP/3 (the first node's edge is the one asked). Closed with these.
   */
  forNode(url: URL, address: string): ReplayClients {
    const key = `${url.host} ${address}`;
    let clients = this.nodes.get(key);
    if (!clients) {
      clients = new ReplayClients(pinnedTo(this.map, url, address), {
        h3: false,
        discovery: this.discovery,
        ...(this.beforeRequest ? { beforeRequest: this.beforeRequest } : {}),
      });
      this.nodes.set(key, clients);
    }
    return clients;
  }

  async close(): Promise<void> {
    await Promise.all([this.h1.close(), this.h2.close(), this.h3Lent ? undefined : this.h3?.close(), ...[...this.nodes.values()].map((c) => c.close())]);
  }
}

/** The run's Chromium (its resolver rules, trust, proxy and credentials) with QUIC forced to the endpoints. */
export function chromiumOverQuic(map: TargetMap): H3Launcher {
  return (endpoints) => {
    const launch = quicLaunch(targetBrowserLaunch(map), endpoints);
    return { ...launch, context: targetContextOptions(map), command: (url) => quicCommand(launch, url) };
  };
}
