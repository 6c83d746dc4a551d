import type { ModuleRef } from '@nestjs/core';
import type { RequestTrace } from '../../common/request-log';
import { type JsonAnswer, jsonText } from '../../common/json-answer';

/** What a tool call runs with: the request's trace (deadline, key) and services from the API's module tree. */
export interface ToolCall {
  services: ModuleRef;
  trace: RequestTrace;
  correlationId: string;
}

/** A tool's answer before MCP wraps it: JSON text or value, or a drawing (SVG text, or PNG in base64). */
export type ToolOutput = { json: string | object } | { drawing: string; format: 'svg' | 'png' };

/**
 * How an operation's MCP tool runs: exactly what its HTTP route runs, with the input already validated by the route's
 * DTO — the same service method, so the same job on the same queue (and the same answer, byte for byte). Each runner
 * names its own DTO type; `never` lets every one of them stand in the registry.
 */
export type ToolRunner = (call: ToolCall, input: never) => Promise<ToolOutput>;

export const service = <T>(call: ToolCall, type: new (...args: never[]) => T): T => call.services.get(type, { strict: false });
export const json = async (text: Promise<JsonAnswer | object> | JsonAnswer | object): Promise<ToolOutput> => {
  const answer = await text;
  return { json: Buffer.isBuffer(answer) ? jsonText(answer) : answer };
};
export const drawing = async (body: Promise<string>, format: 'svg' | 'png' | undefined): Promise<ToolOutput> => ({
  drawing: await body,
  format: format ?? 'svg',
});
