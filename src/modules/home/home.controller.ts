import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Public } from '../auth/public.decorator';
import { renderHomePage, serviceIndex } from '../purchase/pages';
import { sendPage } from '../purchase/purchase.controller';

/** GET /: the service's front page (HTML), or the same as an index object for a client asking for JSON. */
@ApiExcludeController()
@Public()
@Controller()
export class HomeController {
  private readonly html: string;
  private readonly index = serviceIndex();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // PUBLIC_URL belongs to the purchase settings; without them the curl example names this port on localhost.
    this.html = renderHomePage({ publicUrl: config.purchase?.publicUrl ?? `http://localhost:${config.port}` });
  }

  @Get()
  home(@Req() req: Request, @Res() res: Response): void {
    res.vary('Accept');
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(200).setHeader('Cache-Control', 'no-store');
      res.json(this.index);
      return;
    }
    sendPage(res, 200, this.html);
  }
}
