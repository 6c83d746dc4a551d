import { Module } from '@nestjs/common';
import { LlmsTxtController } from './llms-txt.controller';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';

/** The API for AI agents: the MCP server at /mcp and the plain-text guide at /llms.txt. */
@Module({ controllers: [McpController, LlmsTxtController], providers: [McpService] })
export class McpModule {}
