/**
 * Connections, bounded (README "Deployment"): every open socket costs a file descriptor and some memory, and a process
 * that runs out of descriptors fails every request, so one host opening thousands of idle connections could take the
 * service from everyone.
 * - At most `perAddress` connections from one client address: beyond, a new one is closed at once, while the ones it
 *   has keep being served.
 * - At most `max` in all (Node's `server.maxConnections`: beyond, a new one is closed at once).
 * - Under pressure (more than half of `max` open) a connection idle between requests is kept `pressureKeepAliveMs`
 *   instead of `keepAliveMs`, until fewer than a quarter are open again.
 * Behind a reverse proxy every connection comes from the proxy's address: there set MAX_CONNECTIONS_PER_ADDRESS=0 and
 * let the proxy limit connections per client.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** All connections of this process (0: no limit). */
  max: number;
  /** Connections from one client address (0: no limit). */
  perAddress: number;
  keepAliveMs: number;
  pressureKeepAliveMs: number;
}

/** What the limits see (for /metrics). */
export interface ConnectionCounts {
  open(): number;
  refused(): number;
}

/** The process's soft limit on open files (Linux /proc/self/limits), or undefined where it cannot be read. */
export function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** MAX_CONNECTIONS' default for a process with this open-file limit: 80 % of it (the rest for Redis, data files and logs), else 4,096. */
export function maxConnectionsFor(fileLimit: number | undefined): number {
  return fileLimit ? Math.max(64, Math.floor(fileLimit * 0.8)) : 4_096;
}

/** MAX_CONNECTIONS' default for this process. */
export function defaultMaxConnections(): number {
  return maxConnectionsFor(openFileLimit());
}

export function limitConnections(server: Server, limits: ConnectionLimits): ConnectionCounts {
  const byAddress = new Map<string, number>();
  let open = 0;
  let refused = 0;
  let pressed = false;
  if (limits.max > 0) server.maxConnections = limits.max;
  server.on('drop', () => refused++); // over maxConnections: Node closed it without a 'connection'
  server.keepAliveTimeout = limits.keepAliveMs;
  // Before the HTTP server's own listener: a refused socket gets no parser.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = byAddress.get(address) ?? 0;
    if (limits.perAddress > 0 && mine >= limits.perAddress) {
      refused++;
      socket.destroy();
      return;
    }
    byAddress.set(address, mine + 1);
    open++;
    if (limits.max > 0 && !pressed && open > limits.max / 2) {
      pressed = true;
      server.keepAliveTimeout = limits.pressureKeepAliveMs;
    }
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
      if (pressed && open < limits.max / 4) {
        pressed = false;
        server.keepAliveTimeout = limits.keepAliveMs;
      }
    });
  });
  return { open: () => open, refused: () => refused };
}
