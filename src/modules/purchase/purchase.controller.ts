import { apiDoc } from '../operations/operations';
import { Controller, Get, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiExcludeEndpoint, ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { errorExample } from '../../common/openapi-responses';
import { renderRevealPage } from './pages';
import { sendPage } from './send-page';
import { PURCHASE_DISABLED, PurchaseService } from './purchase.service';
import { clientAddress } from './session-lookups';

export const WEBHOOK_PATH = '/v1/purchase/webhook';
export const CHECKOUT_PATH = '/v1/purchase/checkout';

/** Kept here too: the pages' headers were first written for this controller, and other modules import them from it. */
export { sendPage };

/** Buying a key (the buy page itself is buy.controller.ts): Stripe Checkout, Stripe's webhook and the one reveal. No HD-Api-Key here. */
@ApiTags('purchase')
@Public()
@Controller()
export class PurchaseController {
  constructor(private readonly purchases: PurchaseService) {}

  @Post('v1/purchase/checkout')
  @HttpCode(303)
  @ApiOperation(apiDoc('checkout'))
  @ApiResponse({
    status: 303,
    description: 'See Other: Location is the Checkout Session URL',
    schema: { example: { url: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3' } },
  })
  @ApiResponse({
    status: 413,
    description: 'PAYLOAD_TOO_LARGE: the form body is over 1 KB (the buy form has no fields)',
    ...errorExample('PAYLOAD_TOO_LARGE', 'The request body is larger than 1024 bytes.'),
  })
  @ApiResponse({
    status: 503,
    description: 'PURCHASE_DISABLED (no STRIPE_SECRET_KEY) or PAYMENT_PROVIDER_UNAVAILABLE (Stripe not reachable; Retry-After)',
    ...errorExample('PURCHASE_DISABLED', 'Keys cannot be bought on this server (STRIPE_SECRET_KEY is not set).'),
  })
  async checkout(@Res() res: Response): Promise<void> {
    const url = await this.purchases.checkout();
    res.status(303).location(url).json({ url });
  }

  @Post('v1/purchase/webhook')
  @HttpCode(200)
  @ApiOperation(apiDoc('webhook'))
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 'Set by Stripe; verified with STRIPE_WEBHOOK_SECRET' })
  @ApiResponse({ status: 200, description: 'Received; what was done', schema: { example: { received: true, outcome: 'issued' } } })
  @ApiResponse({
    status: 400,
    description: 'WEBHOOK_SIGNATURE_INVALID: missing, wrong or stale signature (nothing written)',
    ...errorExample('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match this body and the endpoint secret, or is too old.'),
  })
  @ApiResponse({
    status: 413,
    description: 'PAYLOAD_TOO_LARGE (over 256 KB)',
    ...errorExample('PAYLOAD_TOO_LARGE', 'The request body is larger than 262144 bytes.'),
  })
  @ApiResponse({
    status: 503,
    description: 'PURCHASE_DISABLED, or SERVICE_UNAVAILABLE (the key store cannot write or confirm on disk; Stripe retries)',
    ...errorExample('SERVICE_UNAVAILABLE', 'The key store cannot be reached right now.'),
  })
  async webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true; outcome: string }> {
    if (!this.purchases.enabled) throw PURCHASE_DISABLED();
    return { received: true, outcome: await this.purchases.webhook(req.body, signature) };
  }

  @Get('purchase/success')
  @ApiOperation({
    summary: 'The reveal page (HTML) Stripe sends the buyer back to: shows the new key once',
    description:
      '200 the key (first visit only); 202 payment being confirmed (refreshes itself); 410 already shown or revoked; ' +
      '400 malformed session_id; 402 not paid; 404 unknown session; 429 too many lookups of unknown sessions from ' +
      'this address (Retry-After; SESSION_LOOKUPS_PER_MINUTE / SESSION_LOOKUPS_PER_DAY); 503 purchases off.',
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The page with the key (first visit only)', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 202, description: 'Payment being confirmed: the page refreshes itself', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'Malformed session_id', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 402, description: 'The session is not paid', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, description: 'Unknown session, or not a key purchase', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({
    status: 410,
    description: 'The key was already shown, or the purchase was refunded',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiResponse({
    status: 429,
    description: 'Too many lookups of sessions this service does not know from this address; Retry-After says when to try again',
    headers: { 'Retry-After': { description: 'Seconds until the allowance is renewed', schema: { type: 'integer' } } },
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 503, description: 'Purchases are off on this server', content: { 'text/html': { schema: { type: 'string' } } } })
  async success(@Query('session_id') sessionId: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { status, state, retryAfterSeconds } = await this.purchases.reveal(sessionId, clientAddress(req.socket.remoteAddress));
    if (retryAfterSeconds !== undefined) res.set('Retry-After', String(retryAfterSeconds));
    sendPage(res, status, renderRevealPage(state));
  }

  /** Browsers ask for it; answered here so it is not a 401 in the logs. */
  @Get('favicon.ico')
  @ApiExcludeEndpoint()
  favicon(@Res() res: Response): void {
    res.status(204).end();
  }
}
