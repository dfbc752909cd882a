import type * as http from 'node:http';
import * as http2 from 'node:http2';
import type { Socket } from 'node:net';
import type { AnyRequest, AnyResponse } from './guards';

type Server = http.Server | http2.Http2SecureServer;

/**
 * Knows every open connection so a stop can let in-flight requests finish: HTTP/2 sessions get
 * GOAWAY (streams in progress complete), idle HTTP/1.1 sockets close at once, busy ones after
 * their response. What is still open after the drain time is destroyed.
 */
export class ConnectionTracker {
  /** Every TCP connection, handshaking or not: destroyed when the drain time is over. */
  private readonly raw = new Set<Socket>();
  /** Connections that carry requests (TLS sockets once secure, plain sockets at once). */
  private readonly sockets = new Set<Socket>();
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private readonly busy = new Map<Socket, number>();
  private readonly responses = new Set<AnyResponse>();
  private closing = false;

  track(server: Server, secure: boolean): void {
    server.on('connection', (socket: Socket) => {
      this.raw.add(socket);
      socket.once('close', () => this.raw.delete(socket));
      if (!secure) this.add(socket);
    });
    if (secure) server.on('secureConnection', (socket: Socket) => this.add(socket));
    server.on('session', (session: http2.ServerHttp2Session) => {
      this.sessions.add(session);
      session.once('close', () => this.sessions.delete(session));
      if (this.closing) session.close();
    });
  }

  private add(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.busy.delete(socket);
    });
  }

  wrap<Req extends AnyRequest, Res extends AnyResponse>(handler: (req: Req, res: Res) => void): (req: Req, res: Res) => void {
    return (req, res) => {
      if (req instanceof http2.Http2ServerRequest) return handler(req, res);
      const socket = req.socket;
      this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
      if (this.closing) res.setHeader('Connection', 'close');
      this.responses.add(res);
      res.once('close', () => {
        this.responses.delete(res);
        const left = (this.busy.get(socket) ?? 1) - 1;
        this.busy.set(socket, left);
        if (this.closing && left === 0) socket.end();
      });
      handler(req, res);
    };
  }

  async shutdown(servers: Server[], drainMs: number): Promise<void> {
    this.closing = true;
    const closed = servers.map((s) => new Promise<void>((resolve) => (s.listening ? s.close(() => resolve()) : resolve())));
    for (const session of this.sessions) session.close();
    for (const res of this.responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    for (const socket of this.sockets) {
      const h2 = (socket as Socket & { alpnProtocol?: string }).alpnProtocol === 'h2';
      if (!h2 && !this.busy.get(socket)) socket.end();
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        for (const session of this.sessions) session.destroy();
        for (const socket of this.raw) socket.destroy();
        resolve();
      }, drainMs);
    });
    await Promise.race([Promise.all(closed), deadline]);
    clearTimeout(timer);
    await Promise.all(closed);
  }
}
