import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { renderLlmsTxt } from './llms-txt';

@ApiExcludeController()
@Public()
@Controller('llms.txt')
export class LlmsTxtController {
  private readonly text = Buffer.from(renderLlmsTxt());

  @Get()
  get(@Res() res: Response): void {
    res.status(200).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(this.text);
  }
}
