/**
 * A loss of signal that nothing in the browser can get round, for e2e tests that assert a write
 * made offline does NOT reach the server before the device reconnects.
 *
 * Why: Playwright's `context.setOffline(true)` (DevTools network emulation) is applied per page
 * target. In the https e2e, about one flow in 15 on http://localhost let a push through while
 * "offline": the server logged it with Chromium's default Accept-Language (the page's is pt-BR)
 * right as the page was reloaded, and Playwright saw no such request — it came from a document or
 * worker the emulation did not cover yet. A real phone without signal sends nothing at all.
 *
 * So the context's traffic goes through this proxy (Playwright's per-context `proxy`, and the
 * browser launched with `--proxy-bypass-list=<-loopback>` so localhost is proxied too). Offline, it
 * cuts every open connection (keep-alive sockets, the event stream) and refuses new ones. Every
 * host is reached at 127.0.0.1 (the tests' names, such as forja.test, exist only in the browser's
 * resolver rules). Use it together with setOffline, which gives the page navigator.onLine and the
 * offline/online events a real phone gets.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface OfflineProxy {
  /** For Playwright's context option `proxy: { server }`. */
  server: string;
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

/** The browser flag that makes Chromium send loopback traffic through a proxy too. */
export const PROXY_LOOPBACK_ARG = '--proxy-bypass-list=<-loopback>';

export async function startOfflineProxy(): Promise<OfflineProxy> {
  let offline = false;
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };

  const proxy = http.createServer((req, res) => {
    if (offline) return void req.socket.destroy();
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: Number(target.port || 80), method: req.method, path: target.pathname + target.search, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('socket', track);
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  proxy.on('connection', track);
  // https: a tunnel; TLS stays end to end between the browser and the server.
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (offline) return void client.destroy();
    const port = Number((req.url ?? '').split(':').pop());
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
  });

  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    setOffline(value) {
      offline = value;
      if (value) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}
