import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBody, ApiConsumes, ApiExcludeEndpoint, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { RequestTrace } from '../../common/request-log';
import { Public } from '../auth/public.decorator';
import { renderBuyPage } from './pages';
import { PurchaseService } from './purchase.service';
import { renderSampleRefusal, REFUSAL_STATUS } from './sample-pages';
import { SampleService } from './sample.service';
import { sendPage } from './send-page';
import { clientAddress } from './session-lookups';

const HTML = { 'text/html': { schema: { type: 'string' } } };
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds until a sample may be asked again', schema: { type: 'integer', minimum: 1 } } };

/** The buy page and its live sample (HTML only, no key, no CORS: see sample.service.ts). */
@ApiTags('purchase')
@Public()
@Controller()
export class BuyController {
  constructor(
    private readonly purchases: PurchaseService,
    private readonly samples: SampleService,
  ) {}

  @Get('buy')
  @ApiOperation({
    summary: 'The buy page (HTML): what a key gives, the price, a Buy button and a sample form (503 when purchases are off)',
    description:
      'What a key gives is listed from the operation registry, group by group. The sample form posts to POST /buy/sample with a form token ' +
      "for the caller's address, valid 10 minutes.",
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The buy page', content: HTML })
  @ApiResponse({ status: 503, description: 'The page, saying purchases are off on this server (no Buy button, no sample)', content: HTML })
  async buy(@Req() req: Request, @Res() res: Response): Promise<void> {
    const enabled = this.purchases.enabled;
    const sample = this.samples.form(clientAddress(req.socket.remoteAddress));
    sendPage(res, enabled ? 200 : 503, renderBuyPage({ price: await this.purchases.price(), enabled, sample, recovery: this.purchases.recoveryEnabled }));
  }

  @Post('buy/sample')
  @HttpCode(200)
  @ApiOperation({
    summary: "The buy page's sample (HTML form post): a birth's bodygraph and main fields, without a key",
    description:
      'For people on the buy page, not for programs: it takes only its form (application/x-www-form-urlencoded, at most 2 KB, with the ' +
      "page's form token for the same client address, valid 10 minutes) and answers the buy page with the sample chart, or the form " +
      'with what to fix. No CORS headers. Computed by the workers like any chart, at a lower priority than every request made with a key. ' +
      'At most SAMPLES_PER_MINUTE (10) and SAMPLES_PER_DAY (100) per client address (an IPv6 address counts by its /64), counted once the ' +
      'token and the fields are valid.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['token', 'birthdate', 'birthtime', 'location'],
      properties: {
        token: { type: 'string', description: 'The form token GET /buy put in the form' },
        birthdate: { type: 'string', example: '1948-04-09', description: 'Local birth date, YYYY-MM-DD (as POST /v1/chart takes it)' },
        birthtime: { type: 'string', example: '00:14', description: 'Local birth time, HH:MM' },
        location: { type: 'string', example: 'Montreal, Quebec, Canada', description: '"City, Country" or "City, Region, Country"' },
      },
    },
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The buy page with the sample: the bodygraph (light and dark) and the main fields', content: HTML })
  @ApiResponse({
    status: 400,
    description: 'The form again with what to fix; or, for a missing, expired or foreign token, a page asking to reload /buy',
    content: HTML,
  })
  @ApiResponse({ status: 413, description: 'The body is over 2 KB', content: HTML })
  @ApiResponse({ status: 415, description: 'The body is not a UTF-8 urlencoded form (JSON is refused)', content: HTML })
  @ApiResponse({ status: 422, description: 'The form again: the place was not found (with the places meant) or the date is out of range', content: HTML })
  @ApiResponse({
    status: 429,
    description: "The form again with the limit message: this address's samples are used up for now",
    headers: RETRY_AFTER,
    content: HTML,
  })
  @ApiResponse({
    status: 503,
    description: 'The form again: the queue is busy or away (Retry-After); or purchases, and so samples, are off',
    headers: RETRY_AFTER,
    content: HTML,
  })
  async sample(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = req.body as Record<string, unknown> | undefined;
    const outcome = await this.samples.submit(body ?? {}, clientAddress(req.socket.remoteAddress), res.locals as RequestTrace);
    if (outcome.kind === 'refused') {
      sendPage(res, REFUSAL_STATUS[outcome.refusal], renderSampleRefusal(outcome.refusal));
      return;
    }
    if (outcome.retryAfterSeconds !== undefined) res.set('Retry-After', String(Math.max(1, Math.ceil(outcome.retryAfterSeconds))));
    const html = renderBuyPage({
      price: await this.purchases.price(),
      enabled: true,
      recovery: this.purchases.recoveryEnabled,
      sample: outcome.section,
      state: `buy-sample-${outcome.section.state.kind}`,
    });
    sendPage(res, outcome.status, html);
  }

  /** A result page reloaded by address (or a bookmark): the form is on /buy. */
  @Get('buy/sample')
  @ApiExcludeEndpoint()
  sampleByGet(@Res() res: Response): void {
    res.redirect(303, '/buy#sample');
  }
}
