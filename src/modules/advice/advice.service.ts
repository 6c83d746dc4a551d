import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { ADVICE_COUNT, AdviceItem, validateAdvice } from './advice-data';
import type { AdviceBodies, PreparedBody } from './advice-answers';

/** data/advice.json from the project root: src/modules/advice (ts-node) and dist/modules/advice (build) alike. */
export const ADVICE_FILE = path.resolve(__dirname, '..', '..', '..', 'data', 'advice.json');

function prepare(value: unknown): PreparedBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** A plain base-10 integer: ASCII digits only (no sign, space, point or exponent). */
const DIGITS = /^[0-9]+$/;

/**
 * The 371 pieces of advice, read and validated once at module init and kept in memory as ready-to-send JSON
 * (one body per id, one for the whole list). Read-only; nothing here touches Redis or the queue.
 */
@Injectable()
export class AdviceService implements OnModuleInit, AdviceBodies {
  private items: readonly AdviceItem[] = [];
  /** Index = id; index 0 unused. */
  private bodies: PreparedBody[] = [];
  private allBody: PreparedBody;

  onModuleInit(): void {
    this.load(ADVICE_FILE);
  }

  /** Reads, validates and precomputes; throws with a message naming the file and every bad item. */
  load(file: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`advice data ${file} cannot be read: ${(err as Error).message} (run "npm run data:advice")`);
    }
    const items = validateAdvice(raw, ADVICE_COUNT, file);
    this.items = Object.freeze(items.map((item) => Object.freeze(item)));
    this.bodies = [];
    for (const item of items) this.bodies[item.id] = prepare(item);
    this.allBody = prepare(items);
  }

  get count(): number {
    return this.items.length;
  }

  /** One id drawn uniformly from 1…371 (crypto.randomInt's upper bound is exclusive). */
  randomId(): number {
    return randomInt(1, ADVICE_COUNT + 1);
  }

  /** The prepared JSON of a uniformly chosen item. */
  randomPrepared(): PreparedBody {
    return this.bodies[this.randomId()];
  }

  find(id: number): AdviceItem | undefined {
    return this.items[id - 1];
  }

  all(): readonly AdviceItem[] {
    return this.items;
  }

  /** The prepared JSON array of all items in id order. */
  allPrepared(): PreparedBody {
    return this.allBody;
  }

  /** The prepared JSON of the item named by a valid :id path segment, else undefined (see bodyForParam). */
  preparedForParam(raw: string): PreparedBody | undefined {
    // Digit strings longer than 15 characters cannot name an item and would lose precision in Number().
    return DIGITS.test(raw) && raw.length <= 15 ? this.bodies[Number(raw)] : undefined;
  }

  /**
   * The prepared JSON of the item named by the :id path segment. 400 INVALID_ID unless it is a plain base-10
   * integer (ASCII digits only: no sign, space, point or exponent); 404 ADVICE_NOT_FOUND outside 1…371.
   * `headers` go onto the error response (CORS).
   */
  bodyForParam(raw: string, headers: Record<string, string> = {}): PreparedBody {
    const prepared = this.preparedForParam(raw);
    if (prepared) return prepared;
    if (!DIGITS.test(raw)) {
      throw new ApiError(
        400,
        'INVALID_ID',
        `The advice id must be a whole number written with the digits 0-9 only, got ${JSON.stringify(clip(raw))}.`,
        undefined,
        headers,
      );
    }
    throw new ApiError(
      404,
      'ADVICE_NOT_FOUND',
      `There is no advice with id ${clip(raw.replace(/^0+(?=\d)/, ''))}; ids run from 1 to ${ADVICE_COUNT}.`,
      { min: 1, max: ADVICE_COUNT },
      headers,
    );
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
