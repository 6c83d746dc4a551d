/**
 * The MCP server's own cost: the same repeated chart (its kept result: no computation) asked over HTTP and as an
 * MCP tools/call, and tools/list, each at 32 connections against one API process and one worker. The difference
 * between the first two is what MCP adds (a JSON-RPC envelope, a Server and transport per stateless request, the
 * DTO validation run by hand).
 */
import autocannon from 'autocannon';
import { startService, TEST_API_KEY } from '../test/helpers/service';
import type { Report } from './report';
import { printReport } from './report';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const BIRTH = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'HD-Api-Key': TEST_API_KEY };
const rpc = (method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

async function load(url: string, path: string, body: string, headers: Record<string, string>) {
  const result = await autocannon({ url: `${url}${path}`, connections: 32, duration: DURATION_S, method: 'POST', headers, body });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

export async function run(report: Report): Promise<void> {
  const svc = await startService({ env: { LOG_LEVEL: 'error' } });
  try {
    const warm = await fetch(`${svc.baseUrl}/v1/chart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
      body: JSON.stringify(BIRTH),
    });
    if (warm.status !== 200) throw new Error(`warm-up chart: ${warm.status}`);
    const http = await load(svc.baseUrl, '/v1/chart', JSON.stringify(BIRTH), { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY });
    const call = await load(svc.baseUrl, '/mcp', rpc('tools/call', { name: 'chart', arguments: BIRTH }), MCP_HEADERS);
    const list = await load(svc.baseUrl, '/mcp', rpc('tools/list', {}), MCP_HEADERS);
    report('mcp.http_chart_repeat.req_per_s', http.rps, `req/s (p50 ${http.p50} ms, p99 ${http.p99} ms, ${http.bad} bad)`);
    report('mcp.tools_call_chart_repeat.req_per_s', call.rps, `req/s (p50 ${call.p50} ms, p99 ${call.p99} ms, ${call.bad} bad)`);
    report('mcp.tools_list.req_per_s', list.rps, `req/s (p50 ${list.p50} ms, p99 ${list.p99} ms, ${list.bad} bad)`);
  } finally {
    await svc.stop();
  }
}

if (require.main === module) void run(printReport);
