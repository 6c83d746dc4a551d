import { OPERATIONS, type Operation } from '../operations/operations';

/**
 * /llms.txt (the llmstxt.org convention): what an agent needs to call the API, from the same registry as the
 * OpenAPI document and the MCP tools.
 */
export function renderLlmsTxt(): string {
  const ops = Object.values(OPERATIONS as Record<string, Operation>);
  const line = (op: Operation) => `- ${op.method} ${op.path}${op.tool ? ` (MCP tool \`${op.tool.name}\`)` : ''}: ${op.summary}. ${op.description}`;
  return [
    '# Human Design chart API',
    '',
    '> Human Design charts (type, strategy, authority, profile, definition, incarnation cross, centers, channels, gates, ' +
      'planetary activations) computed from the Swiss Ephemeris, plus composites, transits, groups, time series, unknown birth time, ' +
      'bodygraph drawings and place search. JSON in, JSON out.',
    '',
    '## How to call it',
    '',
    '- Auth: send your API key in the `HD-Api-Key` header (or `Authorization: Bearer <key>`) on every /v1 call and on /mcp. Keys are bought once at /buy; a lost key is replaced by email at /keys/recover.',
    '- Birth data: `birthdate` "YYYY-MM-DD", `birthtime` "HH:MM" (local, 24-hour), `location` "City, Country" (or `placeId`, the GeoNames id a place search gives; or `latitude` + `longitude`, optionally `timezone`). ' +
      'The service finds the place, its coordinates and its time zone. GET /v1/places?q=… suggests exact `location` strings.',
    '- Every chart operation is a POST with a JSON body. Errors: `{"error": {"code", "message", "details"}}` with a stable code ' +
      '(e.g. 400 INVALID_DATE, 401 API_KEY_INVALID, 422 LOCATION_NOT_FOUND with suggestions, 503 OVERLOADED with Retry-After: retry after that many seconds).',
    '- Example: `curl -X POST $BASE/v1/chart -H "HD-Api-Key: $KEY" -H "Content-Type: application/json" -d \'{"birthdate":"1948-04-09","birthtime":"00:14","location":"Montreal, Canada"}\'`',
    '',
    '## Operations',
    '',
    ...ops.map(line),
    '',
    '## Machine-readable',
    '',
    '- [OpenAPI 3.1 document](/docs-json): every operation with request and response schemas and error codes',
    '- [MCP server](/mcp): Streamable HTTP (stateless, JSON responses); the tools above, same inputs and answers as HTTP; the meaning library as resources (hd://reference/{lang}, and hd://reference/{lang}/{kind}/{id}) and the `explain` tool',
    '- [TypeScript client](/sdk/typescript.tgz): `npm install $BASE/sdk/typescript.tgz` (package `@hd-chart-api/client`, typed from the OpenAPI document, served by this server: it is not on the npm registry; no key needed to download)',
    '- [Interactive docs](/docs)',
    '',
  ].join('\n');
}
