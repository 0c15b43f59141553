import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody, ErrorCode, errorStatus, languageOf, translateError } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { redactUrl } from '../observability/logger';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'common.malformed_request',
  401: 'auth.unauthorized',
  403: 'auth.forbidden',
  404: 'common.route_not_found',
  413: 'common.payload_too_large',
  415: 'common.unsupported_media_type',
  429: 'common.rate_limited',
  503: 'common.unavailable',
};

/** Every failure leaves as `{code, message, fieldErrors?, correlationId}`, in the caller's language. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const language = languageOf(request.headers['accept-language']);
    const error = this.asDomainError(exception, request);
    const body: ErrorBody = {
      code: error.code,
      message: error.customMessage || translateError(error.code, language, error.params),
      correlationId: String(request.id),
    };
    if (error.fieldErrors?.length) {
      body.fieldErrors = error.fieldErrors.map((fieldError) => ({
        ...fieldError,
        message: translateError(fieldError.code, language, fieldError.params),
      }));
    }
    void reply.status(errorStatus[error.code]).send(body);
  }

  private asDomainError(exception: unknown, request: FastifyRequest): DomainError {
    if (exception instanceof DomainError) return exception;
    const status =
      exception instanceof HttpException ? exception.getStatus() : (exception as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && CODE_BY_STATUS[status]) return new DomainError(CODE_BY_STATUS[status]);
    this.logger.error(
      { err: exception, correlationId: request.id, url: redactUrl(request.url) },
      exception instanceof Error ? exception.stack : String(exception),
    );
    return new DomainError('common.internal');
  }
}
