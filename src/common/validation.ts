import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';

export interface FieldProblem {
  field: string;
  problems: string[];
  /** The stable code of the first problem, where a DTO gives one (e.g. INVALID_DATE). */
  code?: string;
}

/** Flattens nested class-validator errors to `person1.birthdate` style field paths. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      const contexts = (e.contexts ?? {}) as Record<string, { code?: string }>;
      const code = Object.keys(e.constraints)
        .map((k) => contexts[k]?.code)
        .find(Boolean);
      const problem: FieldProblem = { field, problems: Object.values(e.constraints) };
      if (code) problem.code = code;
      out.push(problem);
    }
    if (e.children?.length) out.push(...flattenValidationErrors(e.children, field));
  }
  return out;
}

/**
 * Unknown fields are rejected. When every failing field carries the same specific code
 * (INVALID_DATE, INVALID_TIME …) that code is the error's code; otherwise VALIDATION_FAILED.
 */
export function buildValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Every problem of a field is reported: stopping at the first one reports an arbitrary constraint
    // (a string latitude would read "must not be greater than 90").
    exceptionFactory: (errors) => {
      const details = flattenValidationErrors(errors);
      const codes = new Set(details.map((d) => d.code));
      const single = codes.size === 1 ? [...codes][0] : undefined;
      const code = single ?? 'VALIDATION_FAILED';
      const message = details.map((d) => `${d.field}: ${d.problems.join('; ')}`).join(' | ');
      return new ApiError(400, code, message || 'The request is not valid.', details);
    },
  });
}
