import { LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * One JSON object per line on stdout. Callers log objects with fields, never API keys or birth data
 * (the request log in common/request-log.ts writes route, status and ids only).
 */
export class JsonLogger implements LoggerService {
  constructor(private readonly level: Level | 'silent' = 'info') {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    this.write('error', message, context ?? stackOrContext, context ? stackOrContext : undefined);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  isEnabled(level: Level): boolean {
    return RANK[level] >= RANK[this.level];
  }

  write(level: Level, message: unknown, context?: string, stack?: string): void {
    if (!this.isEnabled(level)) return;
    const fields = typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : { msg: String(message) };
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, ...(context ? { context } : {}), ...fields };
    if (stack) line.stack = stack;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}
