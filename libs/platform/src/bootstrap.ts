import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { LogController } from 'fastify';
import type { RouteOptions } from 'fastify';
import { newId } from '@forum/contracts';
import type { AppConfig } from './config';
import { issueCsrfCookie } from './http/csrf';
import { UNREAD_BODY } from './http/validation';
import { openApiDocument, serveOpenApi } from './http/openapi';
import { securityHeaders } from './http/security-headers';
import { PinoNestLogger, rootLogger } from './observability/logger';
import { Metrics } from './observability/metrics';

const CORRELATION_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface CreatedApp {
  app: NestFastifyApplication;
  /** Every route fastify registered, for the contract test against the OpenAPI document. */
  routes: { method: string; url: string }[];
}

/**
 * Builds a NestJS app on fastify with the platform's conventions: `/api` prefix, JSON and form bodies,
 * cookies, correlation ids, request metrics, OpenAPI at `/api/docs`. Call `app.listen` (or `app.init`) after.
 */
export async function createApp(
  rootModule: Type | DynamicModule,
  config: AppConfig,
  title = 'Forum API',
): Promise<CreatedApp> {
  const logger = rootLogger(config);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Request latency goes to metrics; per-request log lines would cost more than the requests.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-correlation-id'];
      return typeof given === 'string' && CORRELATION_ID.test(given) ? given : newId();
    },
  });
  const routes: CreatedApp['routes'] = [];
  adapter.getInstance().addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
  });
  await app.register(fastifyCookie);
  // Uploads: limits are set per route by `readUpload` (files/multipart-upload.ts).
  await app.register(fastifyMultipart);
  const metrics = app.get(Metrics);
  const fastify = app.getHttpAdapter().getInstance();
  // Bodies are JSON or form-urlencoded (Nest's parsers) or multipart (uploads). Any other content type, text/plain
  // included, is read within the body limit and dropped, and `ValidBody` refuses it with `validation.content_type`
  // (400 rather than Fastify's 415, like every other body a route cannot use).
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, UNREAD_BODY));
  fastify.addHook('onRequest', issueCsrfCookie(config.NODE_ENV === 'production'));
  fastify.addHook('onRequest', async (request) => {
    request.startedAt = process.hrtime.bigint();
  });
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-correlation-id', request.id);
  });
  fastify.addHook('onSend', securityHeaders);
  fastify.addHook('onResponse', async (request, reply) => {
    const seconds = Number(process.hrtime.bigint() - request.startedAt) / 1e9;
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      seconds,
    );
  });
  // The member site's fixed calls (docs/rules/web.md), and what crawlers and feed readers look for at the root.
  app.setGlobalPrefix('api', {
    exclude: [
      'baseInfo',
      'refreshToken',
      'statistic/add',
      'robots.txt',
      'sitemap.xml',
      'sitemap/{*file}',
      'feeds/{*file}',
    ],
  });
  app.enableShutdownHooks();
  serveOpenApi(app, openApiDocument(app, title));
  return { app, routes };
}
