import { Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { McpService } from './mcp.service';

export const MCP_PATH = '/mcp';
/** A batch_charts call carries up to 100 birth data items, as the HTTP batch does. */
export const MCP_BODY_LIMIT = '256kb';

/**
 * MCP over Streamable HTTP. Guarded like every /v1 route (HD-Api-Key or Bearer); the protocol, not REST, so it is
 * described in /llms.txt and the README rather than in the OpenAPI document.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.mcp.handle(req, res);
  }

  /** Stateless: no server-initiated stream to open (GET)… */
  @Get()
  @HttpCode(405)
  stream(@Res() res: Response): void {
    methodNotAllowed(res);
  }

  /** …and no session to end (DELETE). */
  @Delete()
  @HttpCode(405)
  endSession(@Res() res: Response): void {
    methodNotAllowed(res);
  }
}

function methodNotAllowed(res: Response): void {
  res.status(405).setHeader('Allow', 'POST');
  res.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages.' }, id: null });
}
