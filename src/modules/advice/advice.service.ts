import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { ADVICE_COUNT, AdviceItem, validateAdvice } from './advice-data';
import type { MemoryAnswer } from '../../common/pre-router';
import { ADVICE_ROUTE, AdviceAnswerSource, buildCacheableAnswers, buildRandomAnswer, CacheableAnswers } from './advice-answers';

/** data/advice.json from the project root: src/modules/advice (ts-node) and dist/modules/advice (build) alike. */
export const ADVICE_FILE = path.resolve(__dirname, '..', '..', '..', 'data', 'advice.json');

function serialise(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** A plain base-10 integer: ASCII digits only (no sign, space, point or exponent). */
const DIGITS = /^[0-9]+$/;

/**
 * The 371 pieces of advice, read and validated once at module init and kept in memory as complete answers
 * (status, headers, JSON bytes) per id and for the whole list. Read-only; nothing here touches Redis or the queue.
 */
@Injectable()
export class AdviceService implements OnModuleInit, AdviceAnswerSource {
  private items: readonly AdviceItem[] = [];
  /** Index = id; index 0 unused. */
  private itemAnswers: CacheableAnswers[] = [];
  private randomAnswers: MemoryAnswer[] = [];
  private listAnswers: CacheableAnswers;

  onModuleInit(): void {
    this.load(ADVICE_FILE);
  }

  /** Reads, validates and precomputes; throws with a message naming the file and every bad item. */
  load(file: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`advice data ${file} cannot be read: ${(err as Error).message} (run "npm run data:advice")`, { cause: err });
    }
    const items = validateAdvice(raw, ADVICE_COUNT, file);
    this.items = Object.freeze(items.map((item) => Object.freeze(item)));
    this.itemAnswers = [];
    this.randomAnswers = [];
    for (const item of items) {
      const body = serialise(item);
      this.itemAnswers[item.id] = buildCacheableAnswers(ADVICE_ROUTE.byId, body);
      this.randomAnswers[item.id] = buildRandomAnswer(body);
    }
    this.listAnswers = buildCacheableAnswers(ADVICE_ROUTE.all, serialise(items));
  }

  get count(): number {
    return this.items.length;
  }

  /** One id drawn uniformly from 1…371 (crypto.randomInt's upper bound is exclusive). */
  randomId(): number {
    return randomInt(1, ADVICE_COUNT + 1);
  }

  randomAnswer(): MemoryAnswer {
    return this.randomAnswers[this.randomId()];
  }

  find(id: number): AdviceItem | undefined {
    return this.items[id - 1];
  }

  /** The answers for the JSON array of all items in id order. */
  allAnswers(): CacheableAnswers {
    return this.listAnswers;
  }

  /** The answers for the item named by a valid :id path segment, else undefined (see answersForParamOrThrow). */
  answersForParam(raw: string): CacheableAnswers | undefined {
    // Digit strings longer than 15 characters cannot name an item and would lose precision in Number().
    return DIGITS.test(raw) && raw.length <= 15 ? this.itemAnswers[Number(raw)] : undefined;
  }

  /**
   * The answers for the item named by the :id path segment. 400 INVALID_ID unless it is a plain base-10
   * integer (ASCII digits only: no sign, space, point or exponent); 404 ADVICE_NOT_FOUND outside 1…371.
   * `headers` go onto the error response (CORS).
   */
  answersForParamOrThrow(raw: string, headers: Record<string, string> = {}): CacheableAnswers {
    const answers = this.answersForParam(raw);
    if (answers) return answers;
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
