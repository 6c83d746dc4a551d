import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * lowerCpuPriority in a process of its own (a priority once lowered cannot be raised again without privileges): every
 * thread it has then, and one the libuv pool starts afterwards, has the nice value, as the kernel reports it.
 */
describe('lowerCpuPriority', () => {
  it('sets every thread of the process, and threads started later inherit it', () => {
    const script = `
      const { readdirSync, readFileSync } = require('node:fs');
      const { lowerCpuPriority } = require(${JSON.stringify(join(__dirname, 'cpu-priority.ts'))});
      const nices = () => readdirSync('/proc/self/task').map((t) => Number(readFileSync('/proc/self/task/' + t + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
      const before = nices();
      const set = lowerCpuPriority(15);
      // The pool's threads start on its first use.
      require('node:crypto').pbkdf2('x', 'y', 1000, 32, 'sha256', () => {
        process.stdout.write(JSON.stringify({ before, set, after: nices() }));
      });
    `;
    const out = JSON.parse(execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { encoding: 'utf8' })) as {
      before: number[];
      set: number;
      after: number[];
    };
    expect(new Set(out.before)).toEqual(new Set([0]));
    expect(out.set).toBe(out.before.length);
    expect(out.after.length).toBeGreaterThan(out.before.length); // the pool's threads
    expect(new Set(out.after)).toEqual(new Set([15]));
  }, 30_000);
});
