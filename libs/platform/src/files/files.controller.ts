import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import { OpenWhenClosed } from '../settings/site-mode.guard';
import { Public } from '../auth/decorators';
import { FILES_URL_PREFIX, FileStorage, isSafeKey } from './file-storage';

/**
 * `GET /api/files/<key>`: public, immutable (a changed file gets a new key), served with the type the server
 * detected at upload and `nosniff`, in a sandbox CSP so even a hostile file cannot run script on our origin.
 */
@ApiTags('files')
@Public()
@OpenWhenClosed()
@Controller('files')
export class FilesController {
  constructor(private readonly storage: FileStorage) {}

  @Get('*')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = (request.url.split('?')[0] ?? '').slice(FILES_URL_PREFIX.length);
    const file = isSafeKey(path) ? await this.storage.get(path) : null;
    if (!file) throw new DomainError('common.not_found');
    await reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.stream);
  }
}
