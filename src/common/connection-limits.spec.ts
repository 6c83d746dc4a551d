import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { limitConnections, maxConnectionsFor } from './connection-limits';

describe('connection limits', () => {
  it('defaults MAX_CONNECTIONS to 80 % of the open-file limit, 4,096 where it cannot be read', () => {
    expect(maxConnectionsFor(20_000)).toBe(16_000);
    expect(maxConnectionsFor(1_024)).toBe(819);
    expect(maxConnectionsFor(undefined)).toBe(4_096);
  });

  describe('on a real server', () => {
    let server: Server;
    let port: number;
    const sockets: Socket[] = [];
    let counts: ReturnType<typeof limitConnections>;

    beforeAll(async () => {
      server = createServer((_req, res) => res.end('ok'));
      counts = limitConnections(server, { max: 8, perAddress: 3, keepAliveMs: 65_000, pressureKeepAliveMs: 5_000 });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const open = (localAddress: string) =>
      new Promise<Socket>((resolve) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress });
        socket.on('error', () => undefined);
        sockets.push(socket);
        socket.once('connect', () => setTimeout(() => resolve(socket), 50));
      });

    it('keeps perAddress connections of one address, closes its next at once, and lets another address in', async () => {
      const first = await Promise.all([open('127.0.0.1'), open('127.0.0.1'), open('127.0.0.1')]);
      const fourth = await open('127.0.0.1');
      expect(first.map((s) => s.destroyed)).toEqual([false, false, false]);
      expect(fourth.destroyed).toBe(true);
      expect((await open('127.0.0.2')).destroyed).toBe(false);
      expect(counts.open()).toBe(4);
      expect(counts.refused()).toBe(1);
    });

    it('shortens idle keep-alive past half of max, and restores it under a quarter', async () => {
      expect(server.keepAliveTimeout).toBe(65_000); // 4 open: not more than half of 8
      await open('127.0.0.3'); // 5 open
      expect(server.keepAliveTimeout).toBe(5_000);
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, 100));
      expect(counts.open()).toBe(0);
      expect(server.keepAliveTimeout).toBe(65_000);
    });
  });
});
