import type { Response } from 'express';
import { ExpressAdapter } from '@nestjs/platform-express';

/**
 * An answer as JSON text the API relays without parsing it: characters (the worker's text as it came), or already
 * its UTF-8 bytes (an answer with meaning: see engine/meaning, chart-splice.ts and expandMeaningBytes in annotate.ts).
 */
export type JsonAnswer = string | Buffer;

/** The JSON text of an answer, as characters (the MCP tools and the batch items carry text). */
export const jsonText = (answer: JsonAnswer): string => (typeof answer === 'string' ? answer : answer.toString('utf8'));

/**
 * Nest's Express adapter, but a handler's Buffer is sent as the bytes it is. Nest's own would send any object,
 * a Buffer included, through JSON.stringify; the routes that answer bytes set their Content-Type themselves
 * (`@Header`), which Express keeps.
 */
export class BytesExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!Buffer.isBuffer(body)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return response.send(body);
  }
}
