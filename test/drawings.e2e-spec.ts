/**
 * The drawings through the queue (real API, worker and Redis): PNG bytes, the composite and transit drawings and
 * the variables arrows, each checked against the JSON operation that computes the same thing.
 */
import { PNG } from 'pngjs';
import { post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const OTHER = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };

async function postBytes(baseUrl: string, path: string, body: unknown): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('drawings through the queue', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('bodygraph as PNG: image/png at the requested width, a defined center in its color; transparent on request', async () => {
    const res = await postBytes(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, format: 'png', size: 400 });
    expect([res.status, res.type]).toEqual([200, 'image/png']);
    const png = PNG.sync.read(res.bytes);
    expect([png.width, png.height]).toEqual([400, 608]);
    // Ra's Throat is defined (brown #c99a5b in the light theme); its inner point is (500, 525) of 1000 wide.
    const i = (Math.round(525 * 0.4) * 400 + 200) * 4;
    expect([...png.data.subarray(i, i + 4)].map((v, k) => (k < 3 ? Math.abs(v - [0xc9, 0x9a, 0x5b][k]) <= 2 : v))).toEqual([true, true, true, 255]);
    const clear = PNG.sync.read((await postBytes(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, format: 'png', size: 200, background: 'transparent' })).bytes);
    expect(clear.data[3]).toBe(0);
  }, 60_000);

  it('a title and subtitle: drawn above the bodygraph, which keeps its place; the PNG is taller by the header; bad ones are 400', async () => {
    const plain = await postBytes(svc.baseUrl, '/v1/chart/bodygraph', RA);
    const titled = await postBytes(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, title: 'Ra <Uru> Hu', subtitle: '1948-04-09 00:14, Montreal' });
    expect([titled.status, titled.type]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    const svg = titled.bytes.toString('utf8');
    expect(svg).toContain('>Ra &lt;Uru&gt; Hu</text>');
    expect(svg).toContain('>1948-04-09 00:14, Montreal</text>');
    const body = (text: string) => text.slice(text.indexOf('<g id="channel-casings"'));
    expect(body(svg)).toBe(body(plain.bytes.toString('utf8')));
    // 400 px wide: 608 px for the bodygraph (1000 x 1520 user units) and 124 units of header, 50 px.
    const png = PNG.sync.read(
      (await postBytes(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, format: 'png', size: 400, title: 'Ra', subtitle: 'Montreal' })).bytes,
    );
    expect([png.width, png.height]).toEqual([400, 658]);
    for (const bad of [{ title: 'x'.repeat(81) }, { subtitle: 7 }]) {
      const res = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, ...bad });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  }, 60_000);

  it("variables arrows point as /v1/chart/advanced's variables say", async () => {
    const advanced = (await post(svc.baseUrl, '/v1/chart/advanced', RA)).body;
    const res = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, variables: true });
    expect(res.status).toBe(200);
    for (const name of ['determination', 'environment', 'motivation', 'perspective']) {
      expect([name, new RegExp(`data-variable="${name}" data-direction="(left|right)"`).exec(res.text)![1]]).toEqual([name, advanced.variables[name].arrow]);
    }
  });

  it("composite drawing: the legend lists /v1/chart/composite's channels by kind, and the names, escaped", async () => {
    const comp = (await post(svc.baseUrl, '/v1/chart/composite', { person1: RA, person2: OTHER })).body;
    const res = await post(svc.baseUrl, '/v1/chart/composite/bodygraph', { person1: RA, person2: OTHER, names: ['Ra <b>', 'Ben'], theme: 'dark' });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    for (const kind of ['electromagnetic', 'companionship', 'dominance', 'compromise']) {
      const listed = new RegExp(`data-kind="${kind}" data-channels="([^"]*)"`).exec(res.text)![1];
      expect([kind, listed]).toEqual([kind, comp.channels[kind].map((c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`).join(' ')]);
    }
    expect(res.text).toContain('Ra &lt;b&gt;');
    expect(res.text).not.toContain('<b>');
    const png = await postBytes(svc.baseUrl, '/v1/chart/composite/bodygraph', { person1: RA, person2: OTHER, format: 'png', size: 300 });
    expect([png.status, png.type, PNG.sync.read(png.bytes).width]).toEqual([200, 'image/png', 300]);
  }, 60_000);

  it("transit drawing: its transit column is /v1/chart/transit's activations at the same instant", async () => {
    const at = '2026-11-23T12:00:00Z';
    const overlay = (await post(svc.baseUrl, '/v1/chart/transit', { ...RA, at })).body;
    const res = await post(svc.baseUrl, '/v1/chart/transit/bodygraph', { ...RA, at });
    expect(res.status).toBe(200);
    for (const [planet, a] of Object.entries<{ gate: number; line: number }>(overlay.activations)) {
      const value = new RegExp(`data-side="transit" data-planet="${planet}"[^>]*>.*?class="value"[^>]*>([^<]+)<`).exec(res.text)![1];
      expect([planet, value]).toEqual([planet, `${a.gate}.${a.line}`]);
    }
  });

  it.each([
    ['/v1/chart/bodygraph', { ...RA, format: 'gif' }],
    ['/v1/chart/bodygraph', { ...RA, background: 'pink' }],
    ['/v1/chart/bodygraph', { ...RA, variables: 'yes' }],
    ['/v1/chart/composite/bodygraph', { person1: RA }],
    ['/v1/chart/composite/bodygraph', { person1: RA, person2: OTHER, names: ['a', 'b', 'c'] }],
    ['/v1/chart/composite/bodygraph', { person1: RA, person2: OTHER, names: ['a', 'x'.repeat(41)] }],
    ['/v1/chart/transit/bodygraph', { ...RA, at: 'tomorrow' }],
    ['/v1/chart/transit/bodygraph', { ...RA, size: 100 }],
  ])('%s %j → 400 as JSON', async (path, body) => {
    const res = await post(svc.baseUrl, path, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.error.code).toMatch(/VALIDATION_FAILED|INVALID_INSTANT/);
  });
});
