import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  contentKey as fileKey,
  CurrentActor,
  FileStorage,
  Public,
  RateLimit,
  readUpload,
  RequiresPermission,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { SiteSettingsReader } from '../settings/queries/site-settings.reader';
import {
  ChangeReportTypeCommand,
  CreateReportTypeCommand,
  FileReportCommand,
  REPORT_IMAGES_FOLDER,
  RemoveReportCommand,
  RemoveReportTypeCommand,
  reportIdOf,
  ResolveReportCommand,
} from './report.commands';
import { ReportReader } from './report.reader';
import type { MyReportRow, StaffReportRow } from './report.reader';
import { ReportTypes } from './report-types';
import {
  changeReportTypeBody,
  createReportTypeBody,
  fileReportBody,
  myReportsQuery,
  resolveReportBody,
  staffReportsQuery,
} from './report.schemas';
import type {
  ChangeReportTypeBody,
  CreateReportTypeBody,
  FiledReport,
  FileReportBody,
  MyReportsQuery,
  ReportTypeRow,
  ReportTypeView,
  ResolveReportBody,
  StaffReportsQuery,
} from './report.schemas';

const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MAX_REPORT_IMAGE_BYTES = 5 * 1024 * 1024;

/** Members report content, attach images, list and delete their own reports (docs/rules/moderation.md, reports). */
@ApiTags('moderation')
@Controller('moderation')
export class ReportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: ReportReader,
    private readonly types: ReportTypes,
    private readonly settings: SiteSettingsReader,
    private readonly storage: FileStorage,
  ) {}

  /** The report types tree the report dialog offers (members choose a leaf), and how many images it takes. */
  @Public()
  @Get('report-types')
  async reportTypes(): Promise<{ items: ReportTypeView[]; maxImages: number }> {
    const [items, settings] = await Promise.all([this.types.tree(), this.settings.current()]);
    return { items, maxImages: settings.reports.maxImages };
  }

  @Post('reports')
  @HttpCode(201)
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'member' })
  file(@ValidBody(fileReportBody) body: FileReportBody, @CommandMeta() meta: CommandMetadata): Promise<FiledReport> {
    return this.commands.execute(new FileReportCommand(body, meta));
  }

  /**
   * A report's image as multipart `file`: decoded and re-encoded as WebP (which drops the metadata a phone photo
   * carries), stored under the report images folder whose URLs are the only ones a report accepts.
   */
  @Post('reports/images')
  @HttpCode(201)
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'member' })
  async image(@Req() request: FastifyRequest, @CurrentActor() actor: Actor): Promise<{ url: string }> {
    if (actor.kind !== 'member') throw new DomainError('auth.unauthorized');
    if ((await this.settings.current()).reports.maxImages === 0)
      throw new DomainError('moderation.too_many_images', { max: 0 });
    const upload = await readUpload(request, { maxBytes: MAX_REPORT_IMAGE_BYTES, accept: IMAGE_MIMES });
    const bytes = await sharp(upload.bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer()
      .catch(() => {
        throw new DomainError('files.type_not_allowed');
      });
    const key = fileKey(REPORT_IMAGES_FOLDER, bytes, 'webp');
    await this.storage.put(key, bytes, 'image/webp');
    return { url: this.storage.urlOf(key) };
  }

  /** The member's reports with the nine status codes and the staff's result (never the internal remark). */
  @Get('reports/mine')
  mine(@ValidQuery(myReportsQuery) query: MyReportsQuery, @CurrentActor() actor: Actor): Promise<Page<MyReportRow>> {
    if (actor.kind !== 'member' || !actor.id) throw new DomainError('auth.unauthorized');
    return this.reader.mine(actor.id, query);
  }

  @Delete('reports/:id')
  remove(@Param('id') id: string, @CommandMeta() meta: CommandMetadata): Promise<{ visible: boolean }> {
    return this.commands.execute(new RemoveReportCommand(id, true, meta));
  }
}

/** The staff report queue, decisions, deletions and the report types tree: all need `reports.handle`. */
@ApiTags('moderation')
@RequiresPermission('reports.handle')
@Controller('moderation/staff')
export class StaffReportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: ReportReader,
    private readonly types: ReportTypes,
  ) {}

  @Get('reports')
  queue(@ValidQuery(staffReportsQuery) query: StaffReportsQuery): Promise<Page<StaffReportRow>> {
    return this.reader.queue(query);
  }

  @Post('reports/:id/resolve')
  @HttpCode(200)
  resolve(
    @Param('id') id: string,
    @ValidBody(resolveReportBody) body: ResolveReportBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ visible: boolean }> {
    return this.commands.execute(new ResolveReportCommand(reportIdOf(id), body, meta));
  }

  @Delete('reports/:id')
  remove(@Param('id') id: string, @CommandMeta() meta: CommandMetadata): Promise<{ visible: boolean }> {
    return this.commands.execute(new RemoveReportCommand(id, false, meta));
  }

  /** The whole tree, flattened (a bare list: the console reads it whole). */
  @Get('report-types')
  reportTypes(): Promise<ReportTypeRow[]> {
    return this.types.rows();
  }

  @Post('report-types')
  @HttpCode(201)
  createType(
    @ValidBody(createReportTypeBody) body: CreateReportTypeBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ id: string }> {
    return this.commands.execute(new CreateReportTypeCommand(body, meta));
  }

  @Patch('report-types/:id')
  changeType(
    @Param('id') id: string,
    @ValidBody(changeReportTypeBody) body: ChangeReportTypeBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ id: string }> {
    return this.commands.execute(new ChangeReportTypeCommand(id, body, meta));
  }

  @Delete('report-types/:id')
  removeType(@Param('id') id: string, @CommandMeta() meta: CommandMetadata): Promise<{ id: string }> {
    return this.commands.execute(new RemoveReportTypeCommand(id, meta));
  }
}
