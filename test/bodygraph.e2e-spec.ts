/** POST /v1/chart/bodygraph end to end: the worker renders, the API relays the SVG. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { post, RunningService, startService } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };

describe('POST /v1/chart/bodygraph (API and worker processes)', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('answers a standalone SVG document sized as asked', async () => {
    const res = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, size: 600 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(XMLValidator.validate(res.text)).toBe(true);
    const svg = new XMLParser({ ignoreAttributes: false }).parse(res.text).svg;
    expect(svg['@_width']).toBe('600');
    expect(svg['@_viewBox']).toBeDefined();
    // Ra Uru Hu: Manifestor 5/1 Splenic (reference chart ra-uru-hu)
    const desc = String(svg.desc['#text'] ?? svg.desc);
    expect(svg.title['#text'] ?? svg.title).toBeTruthy();
    expect(desc).toMatch(/Manifestor/);
    expect(desc).toMatch(/5\/1/);
    expect(desc).toMatch(/Splenic/);
  });

  it('defaults to 800 px and the light theme, and gives identical bytes for identical input', async () => {
    const a = await post(svc.baseUrl, '/v1/chart/bodygraph', RA);
    const b = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, size: 800, theme: 'light' });
    expect(a.status).toBe(200);
    expect(a.text).toMatch(/width="800"/);
    expect(a.text).toBe(b.text);
  });

  it('draws the dark theme in other colors on the same geometry', async () => {
    const light = await post(svc.baseUrl, '/v1/chart/bodygraph', RA);
    const dark = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, theme: 'dark' });
    expect(dark.status).toBe(200);
    expect(dark.text).not.toBe(light.text);
    const shape = (svg: string) => svg.replace(/#[0-9a-fA-F]{3,8}\b/g, '#').replace(/(rgba?|hsla?)\([^)]*\)/g, 'c');
    expect(shape(dark.text).length).toBeGreaterThan(1000);
  });

  it('answers an error as JSON, not SVG', async () => {
    const res = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...RA, size: 5000 });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
