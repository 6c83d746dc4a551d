import { Injectable, OnApplicationShutdown } from '@nestjs/common';

/** What stops the processes this one forked (main.ts registers the worker pool and the heavy-lane child). */
const stops: (() => Promise<void>)[] = [];

/** `stop` runs when this process shuts down, after its HTTP server has closed, and the process waits for it. */
export function stopWithThisProcess(stop: () => Promise<void>): void {
  stops.push(stop);
}

/**
 * Waits for the forked processes at shutdown. They stop gracefully themselves (each finishes the jobs it holds), but a
 * parent that exits first ends them early wherever its exit ends its children (a container's main process does):
 * measured on 2026-12-02, a worker exited 0.2–0.3 s after SIGTERM while its heavy-lane child was still closing.
 * Nest awaits this hook (after its HTTP server closed, so an API's requests in flight, computed by its workers under
 * APP_ROLE=all, are answered first) before the process ends; SHUTDOWN_TIMEOUT_MS bounds the whole.
 */
@Injectable()
export class ChildStops implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  }
}
