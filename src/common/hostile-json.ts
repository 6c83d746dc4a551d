import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';
import { sendError } from './error.filter';

/**
 * Bodies are checked right after JSON parsing, before class-transformer sees them: class-transformer recurses
 * once per nesting level (3,000 levels overflow the stack well inside the 16 KB body limit), and keys that name
 * the prototype chain must never reach code that copies properties onto objects.
 */
export const MAX_JSON_DEPTH = 32;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type HostileJson = { kind: 'depth' } | { kind: 'prototype-key'; path: string };

/**
 * The first reason to refuse a parsed JSON value, or undefined. Iterative (an explicit stack), so the check
 * itself cannot overflow however deep the value is; the root object or array is depth 1.
 */
export function findHostileJson(root: unknown, maxDepth = MAX_JSON_DEPTH): HostileJson | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: root, depth: 1, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return { kind: 'depth' };
    // JSON.parse makes "__proto__" an own property, so Object.keys sees it.
    for (const key of Object.keys(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (!Array.isArray(value) && PROTOTYPE_KEYS.has(key)) return { kind: 'prototype-key', path: childPath };
      const child = (value as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1, path: childPath });
    }
  }
  return undefined;
}

/** The answer for a refused body: too deep is malformed JSON for us; a prototype key is a forbidden field. */
export function hostileJsonError(found: HostileJson): ApiError {
  if (found.kind === 'depth') {
    return new ApiError(400, 'INVALID_JSON', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  const problem = `property ${found.path} is not allowed (it names the prototype chain)`;
  return new ApiError(400, 'VALIDATION_FAILED', `${found.path}: ${problem}`, [{ field: found.path, problems: [problem] }]);
}

/** Express middleware placed right after the JSON body parser. */
export function refuseHostileJson(req: Request, res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  // A Buffer is a raw body (the Stripe webhook's), not parsed JSON.
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const found = findHostileJson(body);
    if (found) return sendError(req, res, hostileJsonError(found));
  }
  next();
}
