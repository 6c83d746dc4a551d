import type { IncomingHttpHeaders } from 'node:http';

/**
 * The API key a request presents: the HD-Api-Key header, or `Authorization: Bearer <key>` (what MCP clients and
 * most HTTP tooling send). HD-Api-Key wins when both are there.
 */
export function presentedApiKey(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['hd-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (key) return key;
  const bearer = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(headers.authorization ?? '');
  return bearer?.[1];
}
