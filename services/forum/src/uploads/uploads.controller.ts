import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '@forum/contracts';
import {
  contentKey,
  CurrentActor,
  FileStorage,
  Public,
  RateLimit,
  readUpload,
  RequiresPermission,
  responseSchema,
  SiteSettingsCache,
} from '@forum/platform';
import { cleanEditorImage, imageMimes } from './editor-image';
import { VideoUploads } from './video-uploads';
import type { VideoStatus } from './video-uploads';

const VIDEO_MIMES = { mp4: 'video/mp4', webm: 'video/webm' } as const;

const uploadedImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
const videoStatus = z.object({
  videoId: z.string(),
  state: z.enum(['processing', 'ready', 'failed']),
  url: z.string().optional(),
  posterUrl: z.string().optional(),
});

/**
 * The editor's uploads (docs/rules/forum.md): images and videos, as multipart `file`, in the formats and sizes the
 * settings allow (`uploads.image`, `uploads.video`), the real type read from the bytes. Images come back as an
 * `/api/files/…` URL the sanitizer accepts in `<img src>`; videos as an id for `<player data-video-id>`,
 * `processing` until the background transcode is done.
 */
@ApiTags('forum')
@Controller('forum/uploads')
export class UploadsController {
  constructor(
    private readonly settings: SiteSettingsCache,
    private readonly storage: FileStorage,
    private readonly videos: VideoUploads,
  ) {}

  @Post('images')
  @HttpCode(201)
  @RequiresPermission('upload.image')
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'member' })
  @ApiOkResponse(responseSchema(uploadedImage))
  async image(@Req() request: FastifyRequest): Promise<z.infer<typeof uploadedImage>> {
    const { image } = this.settings.current().uploads;
    const upload = await readUpload(request, { maxBytes: image.maxBytes, accept: imageMimes(image.formats) });
    const cleaned = await cleanEditorImage(upload.bytes, upload.type.mime);
    // Named by the content: the same picture uploaded twice is stored once.
    const key = contentKey('forum/images', cleaned.bytes, upload.type.extension);
    await this.storage.put(key, cleaned.bytes, upload.type.mime);
    return { url: this.storage.urlOf(key), width: cleaned.width, height: cleaned.height };
  }

  @Post('videos')
  @HttpCode(202)
  @RequiresPermission('upload.video')
  @RateLimit({ limit: 10, windowSeconds: 3600, by: 'member' })
  @ApiOkResponse(responseSchema(videoStatus))
  async video(@Req() request: FastifyRequest, @CurrentActor() actor: Actor): Promise<VideoStatus> {
    const { video } = this.settings.current().uploads;
    const upload = await readUpload(request, {
      maxBytes: video.maxBytes,
      accept: video.formats.map((format) => VIDEO_MIMES[format]),
    });
    return this.videos.accept(actor.id!, upload);
  }

  /** What a `<player data-video-id>` shows: "being processed" until `ready`, then the MP4 and its poster. */
  @Public()
  @Get('videos/:videoId')
  @ApiOkResponse(responseSchema(videoStatus))
  videoStatus(@Param('videoId') videoId: string): Promise<VideoStatus> {
    return this.videos.status(videoId);
  }
}
