import { Module } from '@nestjs/common';
import { HomeController } from './home.controller';

/** The front page: what the service is, with links to the buy page, the docs, llms.txt, MCP and health. */
@Module({ controllers: [HomeController] })
export class HomeModule {}
