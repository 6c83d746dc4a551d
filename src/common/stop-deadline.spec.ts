/**
 * exitIfStopOverruns in a real Node process (a child: the signals are real and end it): with a graceful stop under
 * way (another listener, as Nest's shutdown hooks are) the process exits 1 at the deadline and says so; with nothing
 * else listening (a process still starting) the signal ends it at once, as it did before the deadline existed.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

interface Ending {
  code: number | null;
  signal: NodeJS.Signals | null;
  afterMs: number;
  output: string;
}

/** Starts a process that arms the deadline (and, if `graceful`, a stop that never finishes), then SIGTERMs itself. */
function run(deadlineMs: number, graceful: boolean): Promise<Ending> {
  const script = `
    const { exitIfStopOverruns } = require(${JSON.stringify(join(__dirname, 'stop-deadline'))});
    const { JsonLogger } = require(${JSON.stringify(join(__dirname, 'json-logger'))});
    exitIfStopOverruns(${deadlineMs}, new JsonLogger('info'));
    ${graceful ? "process.once('SIGTERM', () => setInterval(() => undefined, 1000));" : ''}
    setInterval(() => undefined, 1000); // alive until something ends it
    process.stdout.write('ready\\n');`;
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let sentAt = 0;
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!sentAt && output.includes('ready')) {
        sentAt = Date.now();
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - sentAt, output }));
  });
}

describe('exitIfStopOverruns (SHUTDOWN_TIMEOUT_MS)', () => {
  it('a stop that does not finish: the process exits 1 at the deadline and logs why', async () => {
    const ending = await run(1_500, true);
    expect({ code: ending.code, signal: ending.signal }).toEqual({ code: 1, signal: null });
    expect(ending.afterMs).toBeGreaterThanOrEqual(1_400);
    expect(ending.output).toContain('the stop did not finish within SHUTDOWN_TIMEOUT_MS (1500 ms); exiting');
  }, 30_000);

  it('nothing else listening (still starting): the signal ends the process at once, as without the deadline', async () => {
    const ending = await run(60_000, false);
    expect({ code: ending.code, signal: ending.signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(ending.output).not.toContain('SHUTDOWN_TIMEOUT_MS');
  }, 30_000);
});
