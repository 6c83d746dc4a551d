// Runs natalengine (npm, MIT; an independent Human Design engine built on astronomy-engine, RULES.md "NE") over
// UTC instants given as a JSON array of epoch milliseconds on stdin, and prints one JSON array of
// { type, authority, definition, channels } on stdout. Used only by test/engine-cross-check.e2e-spec.ts;
// it is ESM, so it runs in its own node process rather than inside jest.
import { calculateHumanDesign } from 'natalengine';

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const out = JSON.parse(input).map((ms) => {
    const d = new Date(ms);
    const hours = d.getUTCHours() + d.getUTCMinutes() / 60 + d.getUTCSeconds() / 3600;
    const hd = calculateHumanDesign(d.toISOString().slice(0, 10), hours, 0);
    return {
      type: hd.type.name,
      authority: hd.authority.name,
      definition: hd.definition,
      channels: hd.channels.map((c) => [...c.gates].sort((a, b) => a - b).join('-')).sort(),
    };
  });
  process.stdout.write(JSON.stringify(out));
});
