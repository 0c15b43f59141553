import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import type { AppConfig } from '../config';

const loggers = new WeakMap<AppConfig, Logger>();

/** One structured (JSON) logger per process configuration; requests log their correlation id as `reqId`. */
export function rootLogger(config: AppConfig): Logger {
  let logger = loggers.get(config);
  if (!logger) {
    logger = pino({
      level: config.LOG_LEVEL,
      base: { service: config.SERVICE_NAME },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
    });
    loggers.set(config, logger);
  }
  return logger;
}

/** Lets Nest's own messages go through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace',
    message: unknown,
    context?: string,
    trace?: string,
  ) {
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...fields } = message as { msg?: string };
      this.logger[level]({ context, ...fields, ...(trace ? { trace } : {}) }, msg);
    } else {
      this.logger[level]({ context, ...(trace ? { trace } : {}) }, String(message));
    }
  }
}
