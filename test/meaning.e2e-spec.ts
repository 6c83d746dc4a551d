/**
 * Meaning end to end (real API, worker and Redis): the reference library over HTTP and MCP, and `meaning` inline
 * in every chart operation. Expected texts are read from data/meaning's JSON files here, and the chart facts from
 * the reference charts (test/fixtures, RULES 13), never from the code's own answers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sample, scrape } from './helpers/metrics';
import { loadReferenceCharts } from './helpers/reference-chart';
import { Json, post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const DATA = path.join(__dirname, '..', 'data', 'meaning');
const file = (lang: string, name: string): Json => JSON.parse(fs.readFileSync(path.join(DATA, lang, `${name}.json`), 'utf8'));

const ra = loadReferenceCharts().find((c) => c.id === 'ra-uru-hu')!;
const raBirth = ra.birth as { local_date: string; local_time: string; place: string };
const RA = { birthdate: raBirth.local_date, birthtime: raBirth.local_time, location: raBirth.place };
const BEN = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };
const CAROL = { birthdate: '1975-06-21', birthtime: '14:30', location: 'Paris, France' };

async function get(baseUrl: string, route: string, headers: Record<string, string> = {}, key: string | null = TEST_API_KEY) {
  const res = await fetch(`${baseUrl}${route}`, { headers: { ...(key ? { 'HD-Api-Key': key } : {}), ...headers } });
  return { status: res.status, body: (await res.json()) as Json };
}

/** The answer with every `meaning` and `meaningSource` key taken out. */
function withoutMeaning(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutMeaning);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'meaning' && k !== 'meaningSource')
      .map(([k, v]) => [k, withoutMeaning(v)]),
  );
}

describe('meaning', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  describe('GET /v1/reference', () => {
    it('needs a key', async () => {
      expect((await get(svc.baseUrl, '/v1/reference', {}, null)).status).toBe(401);
    });

    it('indexes every kind in the language asked for, with the licence', async () => {
      const { status, body } = await get(svc.baseUrl, '/v1/reference?lang=de');
      expect(status).toBe(200);
      expect(body.language).toBe('de');
      expect(body.licence).toMatch(/^CC BY 4\.0/);
      expect(body.kinds.gates).toHaveLength(64);
      expect(body.kinds.channels).toHaveLength(36);
      expect(body.kinds.crosses).toHaveLength(192);
      expect(body.kinds.centers.map((c: Json) => c.id)).toEqual(['Head', 'Ajna', 'Throat', 'G', 'Heart', 'Sacral', 'Solar Plexus', 'Spleen', 'Root']);
      expect(body.kinds.types.find((t: Json) => t.id === 'Projector').name).toBe(file('de', 'types').Projector.name);
    });

    it("gives a gate's texts and the RULES facts about it (center, channels)", async () => {
      const { status, body } = await get(svc.baseUrl, '/v1/reference/gates/1?lang=fr');
      const gate = file('fr', 'gates')['1'];
      expect(status).toBe(200);
      expect(body).toMatchObject({ language: 'fr', kind: 'gates', id: '1', gate: 1, center: 'G', channels: ['1-8'], iching: gate.iching, name: gate.name });
      expect(body.description).toBe(gate.description);
      expect(body.lines.map((l: Json) => l.text)).toEqual(['1', '2', '3', '4', '5', '6'].map((l) => gate.lines[l].text));
      const line = await get(svc.baseUrl, '/v1/reference/gates/51/lines/5?lang=es');
      expect(line.body).toMatchObject({ kind: 'lines', gate: 51, line: 5, text: file('es', 'gates')['51'].lines['5'].text });
    });

    it('finds items by label or slug: channels, centers, types, authorities, profiles, crosses, variables', async () => {
      const channel = (await get(svc.baseUrl, '/v1/reference/channels/1-8')).body;
      expect(channel).toMatchObject({
        gates: [1, 8],
        centers: ['G', 'Throat'],
        circuitGroup: 'Individual',
        circuit: 'Knowing',
        name: file('en', 'channels')['1-8'].name,
      });
      const bySlug = (await get(svc.baseUrl, '/v1/reference/centers/solar-plexus')).body;
      const byLabel = (await get(svc.baseUrl, '/v1/reference/centers/Solar%20Plexus')).body;
      expect(bySlug).toEqual(byLabel);
      expect(bySlug).toMatchObject({ id: 'Solar Plexus', kinds: ['motor', 'awareness'], motor: true, defined: file('en', 'centers')['Solar Plexus'].defined });
      expect((await get(svc.baseUrl, '/v1/reference/types/manifesting-generator?lang=pt-BR')).body.name).toBe(
        file('pt-BR', 'types')['Manifesting Generator'].name,
      );
      expect((await get(svc.baseUrl, '/v1/reference/authorities/splenic')).body.description).toBe(file('en', 'authorities').Splenic.description);
      const profile = (await get(svc.baseUrl, '/v1/reference/profiles/5/1')).body;
      expect((await get(svc.baseUrl, '/v1/reference/profiles/5-1')).body).toEqual(profile);
      expect(profile).toMatchObject({ id: '5/1', geometry: 'Left Angle', lines: [5, 1], name: file('en', 'profiles').profiles['5/1'].name });
      const cross = (await get(svc.baseUrl, '/v1/reference/crosses/left-angle-cross-of-the-clarion-1?lang=de')).body;
      expect(cross).toMatchObject({
        id: 'Left Angle Cross of the Clarion 1',
        gates: ra.computed.incarnation_cross.gates,
        geometry: 'Left Angle',
        quarter: 'Initiation',
      });
      expect(cross.name).toBe(file('de', 'crosses')['Left Angle Cross of the Clarion 1'].name);
      expect((await get(svc.baseUrl, '/v1/reference/variables/determination')).body.colors).toHaveLength(6);
    });

    it('takes the language from Accept-Language when lang is absent', async () => {
      const lang = async (accept: string) => (await get(svc.baseUrl, '/v1/reference/types/projector', { 'Accept-Language': accept })).body.language;
      expect(await lang('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
      expect(await lang('pt-PT,pt;q=0.9')).toBe('pt-BR');
      expect(await lang('ja,zh;q=0.5')).toBe('en');
      expect(await lang('en;q=0.1, fr;q=0.9')).toBe('fr');
    });

    it('answers 404 for an unknown item or kind and 400 for an unsupported language', async () => {
      for (const route of [
        '/v1/reference/gates/0',
        '/v1/reference/gates/65',
        '/v1/reference/gates/1%00',
        '/v1/reference/gates/__proto__',
        '/v1/reference/centers/solar_plexus',
        '/v1/reference/gates/51/lines/7',
        '/v1/reference/planets/sun',
        '/v1/reference/__proto__/x',
        '/v1/reference/crosses/nope',
      ]) {
        const res = await get(svc.baseUrl, route);
        expect([route, res.status, res.body.error.code]).toEqual([route, 404, 'REFERENCE_NOT_FOUND']);
      }
      const long = await get(svc.baseUrl, `/v1/reference/gates/${'9'.repeat(4000)}`);
      expect(long.body.error.details.id.length).toBeLessThanOrEqual(121);
      const bad = await get(svc.baseUrl, '/v1/reference/gates/1?lang=xx');
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
      expect(bad.body.error.message).toContain('en, de, es, pt-BR, fr');
    });
  });

  describe('"meaning" in the chart operations', () => {
    it('/v1/chart: the same answer as without it, plus the texts of its labels (reference chart Ra Uru Hu)', async () => {
      const plain = await post(svc.baseUrl, '/v1/chart', RA);
      const res = await post(svc.baseUrl, '/v1/chart', { ...RA, meaning: 'de' });
      expect(res.status).toBe(200);
      expect(plain.text).not.toContain('meaning');
      expect(withoutMeaning(res.body)).toEqual(plain.body);
      const c = ra.computed;
      const m = res.body.meaning;
      expect(res.body.meaningSource).toEqual({ language: 'de', licence: expect.stringMatching(/^CC BY 4\.0/) });
      expect(m.type.description).toBe(file('de', 'types')[c.type].description);
      expect(m.authority.description).toBe(file('de', 'authorities')[c.authority].description);
      expect(m.profile.name).toBe(file('de', 'profiles').profiles[c.profile].name);
      expect(m.profile.personalityLine.name).toBe(file('de', 'profiles').lines['5'].name);
      expect(m.definition.description).toBe(file('de', 'definitions').definitions[c.definition].description);
      const centers = file('de', 'centers');
      for (const center of ['Ajna', 'G', 'Heart', 'Spleen', 'Throat'])
        expect(m.centers[center]).toMatchObject({ state: 'defined', text: centers[center].defined });
      for (const center of ['Head', 'Sacral', 'Solar Plexus', 'Root']) expect(m.centers[center]).toMatchObject({ state: 'open', text: centers[center].open });
      expect(res.body.activeChannels.map((ch: Json) => `${ch.gate1}-${ch.gate2}`)).toEqual(c.channels);
      for (const ch of res.body.activeChannels) expect(ch.meaning.description).toBe(file('de', 'channels')[`${ch.gate1}-${ch.gate2}`].description);
      const gates = file('de', 'gates');
      const sun = c.personality.Sun;
      expect(res.body.personality.sun.meaning.line.text).toBe(gates[String(sun.gate)].lines[String(sun.line)].text);
      expect(res.body.activatedGates['51'].meaning.description).toBe(gates['51'].description);
      expect(res.body.incarnationCross.meaning.name).toBe(file('de', 'crosses')[c.incarnation_cross.name].name);
      expect(res.body.incarnationCross.meaning.quarter.name).toBe(file('de', 'quarters').quarters.Initiation.name);
    });

    it('/v1/chart/advanced: variables explained by color, tone and base', async () => {
      const res = await post(svc.baseUrl, '/v1/chart/advanced', { ...RA, meaning: 'es' });
      expect(res.status).toBe(200);
      const v = ra.computed.variables.determination_design_sun;
      const vars = file('es', 'variables');
      const det = res.body.variables.determination;
      expect(det.meaning.color.name).toBe(vars.colors.determination[String(v.color)].name);
      expect(det.meaning.color.variant).toBe(vars.colors.determination[String(v.color)][v.arrow === 'L' ? 'left' : 'right']);
      expect(det.meaning.tone.name).toBe(vars.tones.cognition[String(v.tone)].name);
      expect(det.meaning.arrow).toBe(vars.arrows.determination[v.arrow === 'L' ? 'left' : 'right']);
      const p = ra.computed.variables.perspective_personality_node;
      expect(res.body.variables.perspective.meaning.tone.name).toBe(vars.tones.sense[String(p.tone)].name);
    });

    it('a chart with meaning is the chart without: asked at once plain and in four languages, one chart goes to the workers', async () => {
      // hd_grouped_requests_total counts the light requests the API sent to the workers (one per distinct job).
      const sent = async () => sample(await scrape(svc.baseUrl), 'hd_grouped_requests_total') ?? 0;
      const birth = { birthdate: '1961-02-17', birthtime: '06:41', location: 'Lisbon, Portugal' };
      const before = await sent();
      const answers = await Promise.all([undefined, 'en', 'de', 'fr', 'pt-BR'].map((meaning) => post(svc.baseUrl, '/v1/chart', { ...birth, meaning })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect((await sent()) - before).toBe(1);
      for (const a of answers.slice(1)) expect(withoutMeaning(a.body)).toEqual(answers[0].body);
      expect(answers.slice(1).map((a) => a.body.meaningSource.language)).toEqual(['en', 'de', 'fr', 'pt-BR']);
    });

    it('composite, transit, penta, day and batch items carry meaning too', async () => {
      const composite = await post(svc.baseUrl, '/v1/chart/composite', { person1: RA, person2: BEN, meaning: 'fr' });
      expect(composite.body.person1.meaning.type.name).toBe(file('fr', 'types')[ra.computed.type].name);
      const anyChannel = Object.values(composite.body.channels).flat()[0] as Json;
      expect(anyChannel.meaning.name).toBe(file('fr', 'channels')[`${anyChannel.gate1}-${anyChannel.gate2}`].name);
      const transit = await post(svc.baseUrl, '/v1/chart/transit', { ...RA, at: '2024-01-01T00:00:00Z', meaning: 'pt-BR' });
      const sun = transit.body.activations.sun;
      expect(sun.meaning.line.text).toBe(file('pt-BR', 'gates')[String(sun.gate)].lines[String(sun.line)].text);
      const penta = await post(svc.baseUrl, '/v1/chart/penta', { members: [RA, BEN, CAROL], meaning: 'en' });
      expect(penta.body.gates[0].meaning.name).toBe(file('en', 'gates')[String(penta.body.gates[0].gate)].name);
      const day = await post(svc.baseUrl, '/v1/chart/day', { birthdate: RA.birthdate, location: RA.location, meaning: 'de' });
      expect(day.status).toBe(200);
      expect(day.body.windows[0].meaning.type.name).toBe(file('de', 'types')[day.body.windows[0].type].name);
      const batch = await post(svc.baseUrl, '/v1/charts/batch', {
        items: [
          { operation: 'chart', ...RA, meaning: 'es' },
          { operation: 'chart', ...RA },
        ],
      });
      expect(batch.body.items[0].result.meaning.type.name).toBe(file('es', 'types')[ra.computed.type].name);
      expect(batch.body.items[1].result.meaning).toBeUndefined();
    });

    it('refuses an unsupported language with 400 UNSUPPORTED_LANGUAGE', async () => {
      for (const meaning of ['xx', 42, 'EN', '']) {
        const res = await post(svc.baseUrl, '/v1/chart', { ...RA, meaning });
        expect([meaning, res.status, res.body.error.code]).toEqual([meaning, 400, 'UNSUPPORTED_LANGUAGE']);
      }
      expect((await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, meaning: 'en' })).status).toBe(400);
    });
  });

  describe('MCP', () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'meaning-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${svc.baseUrl}/mcp`), { requestInit: { headers: { 'HD-Api-Key': TEST_API_KEY } } }));
    });
    afterAll(async () => client?.close());

    it('explain gives an item as GET /v1/reference does', async () => {
      const result = (await client.callTool({ name: 'explain', arguments: { kind: 'gates', id: '51', lang: 'es' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const http = await get(svc.baseUrl, '/v1/reference/gates/51?lang=es');
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(http.body);
      const line = (await client.callTool({ name: 'explain', arguments: { kind: 'lines', id: '51.5' } })) as CallToolResult;
      expect(JSON.parse((line.content[0] as { text: string }).text).text).toBe(file('en', 'gates')['51'].lines['5'].text);
      const missing = (await client.callTool({ name: 'explain', arguments: { kind: 'gates', id: '65' } })) as CallToolResult;
      expect(missing.isError).toBe(true);
      expect((missing.content[0] as { text: string }).text).toContain('REFERENCE_NOT_FOUND');
    });

    it('lists the reference as resources and reads an item by its URI', async () => {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(['hd://reference/en', 'hd://reference/de', 'hd://reference/es', 'hd://reference/pt-BR', 'hd://reference/fr']);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates[0].uriTemplate).toBe('hd://reference/{lang}/{kind}/{id}');
      const read = await client.readResource({ uri: 'hd://reference/fr/channels/1-8' });
      expect(JSON.parse((read.contents[0] as { text: string }).text).description).toBe(file('fr', 'channels')['1-8'].description);
      const index = await client.readResource({ uri: 'hd://reference/de' });
      expect(JSON.parse((index.contents[0] as { text: string }).text).kinds.gates).toHaveLength(64);
    });
  });
});
