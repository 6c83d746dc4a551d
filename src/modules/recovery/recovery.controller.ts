import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { errorExample } from '../../common/openapi-responses';
import { sendPage } from '../purchase/purchase.controller';
import { clientAddress } from '../purchase/session-lookups';
import { MAX_EMAIL_LENGTH } from './email-address';
import { RECOVER_PATH, renderRecoveryPage } from './recovery-pages';
import { RecoveryService } from './recovery.service';

/** The recovery routes' form bodies are parsed (urlencoded, at most this much) by http-app.ts. */
export const RECOVERY_BODY_LIMIT = '1kb';
export { RECOVER_PATH };

const html = (description: string, extra: object = {}) => ({ description, content: { 'text/html': { schema: { type: 'string' } } }, ...extra });
const OFF = html('Key recovery is off on this server (no SMTP_URL): the page says so');
const TOKEN_PARAM = {
  name: 'token',
  description: 'The token of the link in a recovery message (43 base64url characters)',
  example: 'Zq3x8Vb2LmN4pT7wYc1KfR9sD0aJ6hUeGiOo5XyBn2M',
};

/** Lost keys: a link by email to the buyer's address, which makes a new key and shows it once. No HD-Api-Key here. */
@ApiTags('keys')
@Public()
@Controller(RECOVER_PATH.slice(1))
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @Get()
  @ApiOperation({ summary: 'The lost-key page (HTML): a form asking for the email address the key was bought with' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('The form') })
  @ApiResponse({ status: 503, ...OFF })
  form(@Res() res: Response): void {
    if (!this.recovery.enabled) return sendPage(res, 503, renderRecoveryPage({ kind: 'off' }));
    sendPage(res, 200, renderRecoveryPage({ kind: 'form', linkMinutes: this.recovery.linkMinutes }));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Asks for a recovery link by email (the form posts here; HTML answer)',
    description:
      'If the address bought a key here, a message with a one-time link (RECOVERY_LINK_MINUTES, 30) goes to it, one link per ' +
      'active purchase. The answer is the same page, status and time whether or not the address is known. Limited per client ' +
      'address (RECOVERY_PER_MINUTE, RECOVERY_PER_DAY) and per email address (RECOVERY_EMAIL_PER_DAY).',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', format: 'email', maxLength: MAX_EMAIL_LENGTH, example: 'ada@example.com' } },
    },
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('"If this email address bought a key here, a message with a link is on its way"') })
  @ApiResponse({ status: 400, ...html('Not an email address: the form again, with the message') })
  @ApiResponse({
    status: 413,
    description: 'PAYLOAD_TOO_LARGE: the form body is over 1 KB (the one JSON error shape, answered before the page is reached)',
    content: { 'application/json': errorExample('PAYLOAD_TOO_LARGE', 'The request body is larger than 1024 bytes.') },
  })
  @ApiResponse({
    status: 429,
    ...html('Too many requests from this client address or for this email address (the same for known and unknown addresses)', {
      headers: { 'Retry-After': { description: 'Seconds until the allowance is renewed', schema: { type: 'integer' } } },
    }),
  })
  @ApiResponse({ status: 503, ...OFF })
  async ask(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.recovery.enabled) return sendPage(res, 503, renderRecoveryPage({ kind: 'off' }));
    const email = (req.body as Record<string, unknown> | undefined)?.email;
    const outcome = await this.recovery.ask(email, clientAddress(req.socket.remoteAddress));
    const linkMinutes = this.recovery.linkMinutes;
    switch (outcome.kind) {
      case 'invalid':
        return sendPage(res, 400, renderRecoveryPage({ kind: 'form', linkMinutes, email: outcome.value, error: outcome.problem }));
      case 'too-many':
        res.set('Retry-After', String(outcome.retryAfterSeconds));
        return sendPage(res, 429, renderRecoveryPage({ kind: 'too-many', retryAfterSeconds: outcome.retryAfterSeconds }));
      default:
        return sendPage(res, 200, renderRecoveryPage({ kind: 'sent', linkMinutes }));
    }
  }

  @Get(':token')
  @ApiOperation({
    summary: "A recovery link's page (HTML): a button that makes the new key; opening the link uses nothing up",
    description: 'Mail scanners open links before their reader does, so only the button (a POST to the same URL) uses the link.',
  })
  @ApiParam(TOKEN_PARAM)
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('The page with the "Show my new key" button') })
  @ApiResponse({ status: 410, ...html('The link was used, has expired or is unknown (one page for all three)') })
  @ApiResponse({ status: 503, ...OFF })
  async confirm(@Param('token') token: string, @Res() res: Response): Promise<void> {
    if (!this.recovery.enabled) return sendPage(res, 503, renderRecoveryPage({ kind: 'off' }));
    if (await this.recovery.isLive(token)) return sendPage(res, 200, renderRecoveryPage({ kind: 'confirm', token }));
    sendPage(res, 410, renderRecoveryPage({ kind: 'gone', linkMinutes: this.recovery.linkMinutes }));
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Uses a recovery link (HTML): rotates the purchase’s key and shows the new one once',
    description:
      'The link works once. The key the purchase held is refused from this moment (as after POST /v1/keys/rotate); the new key is ' +
      'shown on the same page as after the purchase. A refunded or disputed purchase gets no key.',
  })
  @ApiParam(TOKEN_PARAM)
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('The page with the new key (shown only this once)') })
  @ApiResponse({ status: 410, ...html('The link was used, has expired or is unknown; or the purchase was refunded or disputed (no key)') })
  @ApiResponse({ status: 503, ...OFF })
  async use(@Param('token') token: string, @Res() res: Response): Promise<void> {
    if (!this.recovery.enabled) return sendPage(res, 503, renderRecoveryPage({ kind: 'off' }));
    const outcome = await this.recovery.use(token);
    switch (outcome.kind) {
      case 'revealed':
        return sendPage(res, 200, renderRecoveryPage({ kind: 'revealed', key: outcome.key, email: outcome.email, publicUrl: this.recovery.publicUrl }));
      case 'revoked':
        return sendPage(res, 410, renderRecoveryPage({ kind: 'revoked', reason: outcome.reason }));
      default:
        return sendPage(res, 410, renderRecoveryPage({ kind: 'gone', linkMinutes: this.recovery.linkMinutes }));
    }
  }
}
