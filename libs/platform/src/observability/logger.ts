import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import type { AppConfig } from '../config';

const loggers = new WeakMap<AppConfig, Logger>();

/** Query parameters that carry credentials: the live unread-count stream takes the access token in its URL. */
const SECRET_QUERY_PARAMS = /([?&](?:access_token|refresh_token)=)[^&#]*/gi;

/** The URL with the value of every credential query parameter replaced, for log lines. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[Redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer (same fields), with the URL redacted; ours wins over fastify's when it merges them. */
export function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** One structured (JSON) logger per process configuration; requests log their correlation id as `reqId`. */
export function rootLogger(config: AppConfig): Logger {
  let logger = loggers.get(config);
  if (!logger) {
    logger = createLogger(config);
    loggers.set(config, logger);
  }
  return logger;
}

/** A logger with the platform's redactions, to stdout unless given another destination (tests). */
export function createLogger(config: AppConfig, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      base: { service: config.SERVICE_NAME },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      serializers: { req: requestSerializer },
    },
    destination,
  );
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
