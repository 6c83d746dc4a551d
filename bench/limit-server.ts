/**
 * The in-process limit (issue 25): what this machine computes when nothing stands between a socket and the engine.
 * Bare `node:http`, one process per core (node:cluster), each request's body parsed and handed to the same chart job
 * a worker runs, its JSON text answered. No framework, no queue, no key check: the ceiling the product's queue path
 * is measured against, not a way to serve. `PORT=… npx ts-node --transpile-only bench/limit-server.ts`; bench/limit.ts
 * runs it compiled, as the service runs (bench/compiled.ts).
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { chartJob, warmUp } from '../src/modules/chart/jobs/chart-jobs';
import { onJsonBody } from './json-body';

const port = Number(process.env.PORT ?? 3999);

if (cluster.isPrimary) {
  for (let i = 0; i < availableParallelism(); i++) cluster.fork();
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === availableParallelism()) process.stdout.write(`${JSON.stringify({ msg: 'listening', port })}\n`);
  });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(0);
  });
} else {
  warmUp();
  createServer((req, res) =>
    onJsonBody<{ birthdate: string; birthtime: string; location: string }>(req, res, (body) => {
      try {
        const text = chartJob({ birthdate: body.birthdate, birthtime: body.birthtime, location: body.location, nodeType: 'true' });
        res.writeHead(200, { 'content-type': 'application/json' }).end(text);
      } catch (err) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) }));
      }
    }),
  ).listen(port);
}
