import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** Builds the OpenAPI document from the controllers (bodies and queries come from their zod schemas). */
export function openApiDocument(app: NestFastifyApplication, title: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(title)
    .setDescription(
      'Errors share one shape: `{code, message, fieldErrors?, correlationId}`. Writes need the `cms_token` cookie echoed in `BBS-XSRF-TOKEN`; ' +
        'members send `Authorization: Bearer <access>,<refresh>`.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config);
}

export function serveOpenApi(app: NestFastifyApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json', useGlobalPrefix: false });
}
