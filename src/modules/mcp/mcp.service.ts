import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Request, Response } from 'express';
import { correlationIdOf } from '../../common/correlation';
import { errorBody, toApiError } from '../../common/error.filter';
import type { RequestTrace } from '../../common/request-log';
import { buildValidationPipe } from '../../common/validation';
import { buildTools, type ToolEntry } from './mcp-tools';
import { TOOL_RUNNERS, type ToolOutput } from './tool-runners';

export const MCP_SERVER_INFO = { name: 'hd-chart-api', version: '1.0.0' };

const INSTRUCTIONS =
  'Human Design charts from birth data (date YYYY-MM-DD, local time HH:MM, place "City, Country"). Use search_places first when a ' +
  'place is ambiguous; use day when the birth time is unknown. Every tool answers the same JSON as its HTTP operation; errors come ' +
  'back as isError results whose text is {"error": {"code", "message", "details"}} with the HTTP error codes.';

/**
 * The MCP server (Streamable HTTP, stateless: every POST is answered on its own, so any API replica can take any
 * call and nothing is kept between calls). A tool call validates its arguments with the HTTP route's DTO and runs
 * the route's service method, through the same queue.
 */
@Injectable()
export class McpService {
  private readonly logger = new Logger('Mcp');
  private tools: ToolEntry[] = [];
  private readonly validation = buildValidationPipe();

  constructor(private readonly services: ModuleRef) {}

  /** The tools are described from the OpenAPI document, built once at start-up (http-app.ts). */
  useDocument(document: OpenAPIObject): void {
    this.tools = buildTools(document);
  }

  get toolNames(): string[] {
    return this.tools.map((t) => t.definition.name);
  }

  async handle(req: Request, res: Response): Promise<void> {
    // JSON-RPC 2.0 §6: an empty batch is an Invalid Request, answered with one error (the SDK would answer 202).
    if (Array.isArray(req.body) && req.body.length === 0) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request: an empty batch.' }, id: null });
      return;
    }
    const trace = res.locals as RequestTrace;
    const correlationId = correlationIdOf(req);
    const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools.map((t) => t.definition) }));
    server.setRequestHandler(CallToolRequestSchema, (request) => this.call(request.params.name, request.params.arguments ?? {}, trace, correlationId));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  private async call(name: string, args: Record<string, unknown>, trace: RequestTrace, correlationId: string): Promise<CallToolResult> {
    const tool = this.tools.find((t) => t.definition.name === name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names them.`);
    try {
      const input = tool.operation.input
        ? ((await this.validation.transform(args, { type: tool.operation.input.in, metatype: tool.operation.input.dto })) as object)
        : args;
      return toResult(await TOOL_RUNNERS[tool.id]({ services: this.services, trace, correlationId }, input as never), tool);
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status >= 500 && apiError.code === 'INTERNAL') this.logger.error(`tool ${name} failed`, err instanceof Error ? err.stack : String(err));
      const body = errorBody(apiError, correlationId);
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  }
}

/** The HTTP answer as MCP content: JSON as text and structured content; an SVG as a resource, a PNG as an image. */
function toResult(output: ToolOutput, tool: ToolEntry): CallToolResult {
  if ('drawing' in output) {
    if (output.format === 'png') return { content: [{ type: 'image', data: output.drawing, mimeType: 'image/png' }] };
    return {
      content: [{ type: 'resource', resource: { uri: `hd://${tool.definition.name}.svg`, mimeType: 'image/svg+xml', text: output.drawing } }],
    };
  }
  const text = typeof output.json === 'string' ? output.json : JSON.stringify(output.json);
  const value: unknown = typeof output.json === 'string' ? JSON.parse(output.json) : output.json;
  const result: CallToolResult = { content: [{ type: 'text', text }] };
  if (tool.definition.outputSchema && value && typeof value === 'object' && !Array.isArray(value)) result.structuredContent = value as Record<string, unknown>;
  return result;
}
