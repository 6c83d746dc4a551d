import { Inject, Injectable, Logger } from '@nestjs/common';
import { setMaxListeners } from 'node:events';
import { ModuleRef } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/api-error';
import { correlationIdOf } from '../../common/correlation';
import { errorBody, toApiError } from '../../common/error.filter';
import type { RequestTrace } from '../../common/request-log';
import { buildValidationPipe } from '../../common/validation';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { buildTools, type ToolEntry } from './mcp-tools';
import type { ToolOutput } from '../operations/tool-call';
import { ReferenceService } from '../reference/reference.service';
import { readReference, referenceResources, referenceTemplates } from './reference-resources';

export const MCP_SERVER_INFO = { name: 'hd-chart-api', version: '1.0.0' };

const INSTRUCTIONS =
  'Human Design charts from birth data (date YYYY-MM-DD, local time HH:MM, place "City, Country"). Use search_places first when a ' +
  'place is ambiguous; use day when the birth time is unknown. Every tool answers the same JSON as its HTTP operation; errors come ' +
  'back as isError results whose text is {"error": {"code", "message", "details"}} with the HTTP error codes. Add "meaning": "en" (or de, es, ' +
  'pt-BR, fr) to a chart tool for what each part means; explain (or the hd://reference resources) gives one part on its own.';

/** What one MCP request (one message or a JSON-RPC batch) has used of its limits so far. */
interface RequestBudget {
  calls: number;
  answerBytes: number;
  /** Aborted once the answer budget is spent: the calls still waiting or computing stop (their work is abandoned). */
  spent: AbortController;
  /** The request's trace as its calls see it: "gone" once the client hangs up or the answer budget is spent. */
  trace: RequestTrace;
}

/**
 * The MCP server (Streamable HTTP, stateless: every POST is answered on its own, so any API replica can take any
 * call and nothing is kept between calls). A tool call validates its arguments with the HTTP route's DTO and runs
 * the route's service method, through the same queue.
 *
 * Each call of a JSON-RPC batch is a request of its own to the queue path: costed, admitted within its key's share and
 * bounded by the request's deadline like an HTTP call (JobRunner), and stopped with the others when the client hangs
 * up. What one MCP request may hold is bounded too: MCP_MAX_BATCH_CALLS tool calls (later ones answer a JSON-RPC
 * error, in batch order) and MCP_MAX_ANSWER_BYTES of answers (a call whose answer would pass it answers
 * ANSWER_TOO_LARGE, naming the HTTP route that gives it in full; once the budget is spent no further call is computed),
 * so a 13 KB request can no longer become an 80 MB answer.
 */
@Injectable()
export class McpService {
  private readonly logger = new Logger('Mcp');
  private tools: ToolEntry[] = [];
  private readonly validation = buildValidationPipe();

  constructor(
    private readonly services: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    const spent = new AbortController();
    let gone: AbortSignal | undefined;
    const callTrace: RequestTrace = {
      ...trace,
      clientGone: () => {
        if (gone) return gone;
        gone = AbortSignal.any([trace.clientGone?.() ?? new AbortController().signal, spent.signal]);
        setMaxListeners(0, gone); // each heavy call of the batch listens to it (MCP_MAX_BATCH_CALLS, more than the default 10)
        return gone;
      },
    };
    const budget: RequestBudget = { calls: 0, answerBytes: 0, spent, trace: callTrace };
    const server = new Server(MCP_SERVER_INFO, {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: INSTRUCTIONS,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools.map((t) => t.definition) }));
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: referenceResources() }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: referenceTemplates() }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => readReference(this.services.get(ReferenceService, { strict: false }), request.params.uri));
    server.setRequestHandler(CallToolRequestSchema, (request) => this.call(request.params.name, request.params.arguments ?? {}, correlationId, budget));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  private async call(name: string, args: Record<string, unknown>, correlationId: string, budget: RequestBudget): Promise<CallToolResult> {
    // The SDK hands a batch's messages over in their order, so the calls past the limit are the batch's last ones.
    if (++budget.calls > this.config.mcpMaxBatchCalls) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `One MCP request may make at most ${this.config.mcpMaxBatchCalls} tool calls; send the others in another request.`,
      );
    }
    const tool = this.tools.find((t) => t.definition.name === name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names them.`);
    try {
      if (budget.spent.signal.aborted) throw this.tooLarge(tool);
      const toolInput = tool.operation.tool?.input;
      const input = toolInput
        ? ((await this.validation.transform(args, { type: 'body', metatype: toolInput })) as object)
        : tool.operation.input
          ? ((await this.validation.transform(args, { type: tool.operation.input.in, metatype: tool.operation.input.dto })) as object)
          : args;
      const output = await tool.operation.tool!.run({ services: this.services, trace: budget.trace, correlationId }, input as never);
      // Measured before the answer is parsed into structured content: one past the budget is dropped as it is.
      const bytes = outputBytes(output, tool);
      if (budget.answerBytes + bytes > this.config.mcpMaxAnswerBytes) {
        // Nothing more fits: the calls still waiting for their turn or computing stop now (JobRunner abandons them).
        budget.answerBytes = this.config.mcpMaxAnswerBytes;
        budget.spent.abort(this.tooLarge(tool));
        throw this.tooLarge(tool, bytes);
      }
      budget.answerBytes += bytes;
      return toResult(output, tool);
    } catch (err) {
      // A call stopped because another spent the answer budget is told so with its own tool's route.
      const apiError = err === budget.spent.signal.reason ? this.tooLarge(tool) : toApiError(err);
      if (apiError.status >= 500 && apiError.code === 'INTERNAL') this.logger.error(`tool ${name} failed`, err instanceof Error ? err.stack : String(err));
      const body = errorBody(apiError, correlationId);
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  }

  /** 413 ANSWER_TOO_LARGE, as the call's error result: MCP carries bounded answers, the HTTP route the whole of one. */
  private tooLarge(tool: ToolEntry, bytes?: number): ApiError {
    const limit = this.config.mcpMaxAnswerBytes;
    const route = `${tool.operation.method} ${tool.operation.path}`;
    const what = bytes === undefined ? 'This request has already used' : `This answer (${bytes} bytes) would pass`;
    return new ApiError(
      413,
      'ANSWER_TOO_LARGE',
      `${what} the ${limit} bytes of answers one MCP request may carry. Ask for less (a shorter range, fewer items), or call ${route} over HTTP, which answers it in full.`,
      { limitBytes: limit, ...(bytes === undefined ? {} : { answerBytes: bytes }), http: route },
    );
  }
}

/** About what an answer adds to the MCP answer, characters: its text, twice when it also goes as structured content. */
function outputBytes(output: ToolOutput, tool: ToolEntry): number {
  if ('drawing' in output) return output.drawing.length;
  const length = typeof output.json === 'string' ? output.json.length : JSON.stringify(output.json).length;
  return tool.definition.outputSchema ? length * 2 : length;
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
