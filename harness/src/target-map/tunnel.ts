/**
 * HTTP CONNECT tunnels through the proxy for clients that are not undici (the HTTP/2 leg on
 * node:http2, the TLS handshake probes), and the one error type every client turns a proxy's
 * failure into: naming the proxy (never its credentials), the CONNECT target and the status, so a
 * refusing or silent proxy reads as what it is instead of as the target's answer or a hang.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import { HarnessError } from '../core';
import { proxyAuthorization, proxyName, type ProxyEndpoint } from './proxy';
import { rootsContext } from './roots';

/** Connection failures that mean the proxy itself was not reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export class ProxyError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_PROXY';
  /** `http://proxy.corp:3128 (HTTPS_PROXY)`: the proxy as it may be shown. */
  readonly proxy: string;
  /** `host:port` asked for in CONNECT. */
  readonly target: string;
  /** The proxy's answer to CONNECT when it refused the tunnel. */
  readonly status?: number;

  private constructor(endpoint: ProxyEndpoint, target: string, message: string, status?: number, cause?: Error) {
    super('HARNESS_ERR_PROXY', `proxy ${proxyName(endpoint)} ${message}`, cause ? { cause } : undefined);
    this.proxy = proxyName(endpoint);
    this.target = target;
    if (status !== undefined) this.status = status;
  }

  static refused(endpoint: ProxyEndpoint, target: string, status: number, statusText?: string): ProxyError {
    const text = statusText || http.STATUS_CODES[status] || '';
    return new ProxyError(endpoint, target, `refused CONNECT ${target}: ${status}${text ? ` ${text}` : ''}`, status);
  }

  static silent(endpoint: ProxyEndpoint, target: string, ms: number): ProxyError {
    return new ProxyError(endpoint, target, `did not answer CONNECT ${target} within ${ms} ms`);
  }

  /** A failure on the way to the proxy or while it was asked (not the target's TLS, which stays the target's error). */
  static failed(endpoint: ProxyEndpoint, target: string, err: Error): ProxyError {
    const code = (err as { code?: string }).code;
    const why = `${err.message || err.name}${code && !err.message.includes(code) ? ` (${code})` : ''}`;
    return new ProxyError(endpoint, target, code && UNREACHABLE.has(code) ? `not reachable: ${why}` : `failed on CONNECT ${target}: ${why}`, undefined, err);
  }
}

/** `host:port` for a CONNECT request line, IPv6 in brackets. */
export function authority(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export interface TunnelOptions {
  /** Extra roots for an https:// proxy's own certificate (added to Node's defaults). */
  ca?: readonly string[];
  /** The whole tunnel set-up: TCP (and TLS) to the proxy plus its answer to CONNECT. */
  timeoutMs: number;
}

/**
 * Asks the proxy for a tunnel to `host:port` and resolves with the raw socket once it answered 2xx.
 * Anything else rejects with a ProxyError within `timeoutMs`, never a hang.
 */
export function openTunnel(endpoint: ProxyEndpoint, host: string, port: number, options: TunnelOptions): Promise<Socket> {
  const target = authority(host, port);
  const auth = proxyAuthorization(endpoint);
  const secure = endpoint.url.protocol === 'https:';
  const request = (secure ? https : http).request({
    host: endpoint.url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(endpoint.url.port) || (secure ? 443 : 80),
    method: 'CONNECT',
    path: target,
    headers: { host: target, ...(auth ? { 'proxy-authorization': auth } : {}) },
    agent: false,
    ...(secure ? { secureContext: rootsContext(options.ca), servername: endpoint.url.hostname } : {}),
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      fn();
    };
    const timer = setTimeout(() => {
      settle(() => reject(ProxyError.silent(endpoint, target, options.timeoutMs)));
      request.destroy();
    }, options.timeoutMs);
    request.once('connect', (res: http.IncomingMessage, socket: Socket, head: Buffer) => {
      if (settled) return void socket.destroy();
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        socket.destroy();
        settle(() => reject(ProxyError.refused(endpoint, target, status, res.statusMessage)));
        return;
      }
      if (head.length) socket.unshift(head);
      settle(() => resolve(socket));
    });
    // Node hands a non-2xx answer to CONNECT to 'response' on some versions, to 'connect' on others.
    request.once('response', (res: http.IncomingMessage) => {
      res.resume();
      settle(() => reject(ProxyError.refused(endpoint, target, res.statusCode ?? 0, res.statusMessage)));
      request.destroy();
    });
    request.on('error', (err) => settle(() => reject(ProxyError.failed(endpoint, target, err))));
    request.end();
  });
}
