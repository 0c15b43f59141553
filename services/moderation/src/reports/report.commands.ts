import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { APP_CONFIG, CONTEXT_DB, FILES_URL_PREFIX, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { newId, stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata, ReportKind } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { SiteSettingsReader } from '../settings/queries/site-settings.reader';
import { ContentActions } from './content-actions';
import { reportDecider } from './report.decider';
import type { ReportState } from './report.decider';
import { contentKey, REPORTABLE_CONTENT, REPORTS_PROJECTION } from './report.projections';
import type { ReportableContentDocument } from './report.projections';
import { ReportQuota } from './report-quota';
import { ReportTypes } from './report-types';
import { reportedContentDecider } from './reported-content.decider';
import { entityId } from './report.schemas';
import type {
  ChangeReportTypeBody,
  CreateReportTypeBody,
  FiledReport,
  FileReportBody,
  ResolveReportBody,
} from './report.schemas';

/** Where report images live: uploaded through moderation only, so a report cannot point at someone else's file. */
export const REPORT_IMAGES_FOLDER = 'moderation/reports';

function memberOf(meta: CommandMetadata): string {
  const { id, kind } = meta.actor;
  if (!id || kind !== 'member') throw new DomainError(kind === 'staff' ? 'auth.forbidden' : 'auth.unauthorized');
  return id;
}

function staffOf(meta: CommandMetadata): string {
  const { id, kind } = meta.actor;
  if (!id || kind !== 'staff') throw new DomainError('auth.forbidden');
  return id;
}

/**
 * Reports (docs/rules/moderation.md, reports, ADR 0020): filing with its checks and abuse limits, the staff decision with its action on
 * the content, and deletion by either side. Each returns once the report's read model has the change.
 */
@Injectable()
export class ReportCommands {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly settings: SiteSettingsReader,
    private readonly types: ReportTypes,
    private readonly quota: ReportQuota,
    private readonly content: ContentActions,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async file(body: FileReportBody, meta: CommandMetadata): Promise<FiledReport> {
    const reporterId = memberOf(meta);
    const settings = await this.settings.current();
    const { reporting } = settings.switches;
    if (!reporting.enabled)
      throw new DomainError('moderation.reporting_disabled', {}, undefined, reporting.message || undefined);
    const type = await this.types.leaf(body.typeId);
    if (type.reasonRequired && body.reason.trim() === '') throw new DomainError('moderation.reason_required');
    this.checkImages(body.imageUrls, settings.reports.maxImages);
    const target = await this.target(body.kind, body.contentId);
    if (target.authorId === reporterId) throw new DomainError('moderation.own_content');
    await this.quota.check(reporterId, settings.reports, body, meta);

    const reportId = newId(meta.now.getTime());
    const counted = await this.store.handle(
      reportedContentDecider,
      streamId('reportedContent', `${body.kind}-${body.contentId}`),
      {
        type: 'CountReport',
        kind: body.kind,
        contentId: body.contentId,
        reporterId,
        reportId,
        hideAfter: settings.reports.autoHideAfterReporters,
        now: meta.now,
      },
      stepMeta(meta, 'count'),
    );
    const result = await this.store.handle(
      reportDecider,
      streamId('report', reportId),
      {
        type: 'FileReport',
        reportId,
        reporterId,
        kind: body.kind,
        contentId: body.contentId,
        typeId: body.typeId,
        typeName: type.name,
        reason: body.reason,
        imageUrls: body.imageUrls,
        now: meta.now,
      },
      stepMeta(meta, 'file'),
    );
    await this.quota.count(reporterId, meta.now);
    if (counted.events.some((event) => event.type === 'ReportedContentHidden')) {
      await this.content.hideQuietly({ kind: body.kind, contentId: body.contentId }, stepMeta(meta, 'hide'));
    }
    return { reportId, visible: await this.visible(result) };
  }

  /**
   * Staff decide a pending report. The content action runs first (the owner may refuse it), then the decision is
   * recorded, then the item's report count starts again — restoring it if the auto-hide had hidden it and staff
   * did not delete it.
   */
  async resolve(reportId: string, body: ResolveReportBody, meta: CommandMetadata): Promise<{ visible: boolean }> {
    const by = staffOf(meta);
    const stream = streamId('report', reportId);
    const report = fold(reportDecider, (await this.store.readStream(stream)) as never) as ReportState;
    // The decider's own refusals, before touching the content.
    reportDecider.decide({ type: 'ResolveReport', reportId, ...body, by, now: meta.now }, report);
    const item = { kind: report.kind!, contentId: report.contentId! };
    const deleteContent = body.outcome === 'successful' && body.contentAction === 'delete';
    if (deleteContent) await this.content.delete(item, stepMeta(meta, 'delete-content'));
    const result = await this.store.handle(
      reportDecider,
      stream,
      { type: 'ResolveReport', reportId, ...body, by, now: meta.now },
      stepMeta(meta, 'resolve'),
    );
    const reviewed = await this.store.handle(
      reportedContentDecider,
      streamId('reportedContent', `${item.kind}-${item.contentId}`),
      { type: 'ReviewContent', ...item, deleted: deleteContent, now: meta.now },
      stepMeta(meta, 'review'),
    );
    const restore = reviewed.events.some(
      (event) => event.type === 'ReportedContentReviewed' && (event.data as { restore: boolean }).restore,
    );
    if (restore) await this.content.restore(item, stepMeta(meta, 'restore-content'));
    return { visible: await this.visible(result) };
  }

  async remove(reportId: string, meta: CommandMetadata): Promise<{ visible: boolean }> {
    const { id, staff } = requireMember(meta.actor);
    const result = await this.store.handle(
      reportDecider,
      streamId('report', reportId),
      { type: 'DeleteReport', reportId, by: id, byStaff: staff, now: meta.now },
      meta,
    );
    return { visible: await this.visible(result) };
  }

  private checkImages(urls: string[], max: number): void {
    if (urls.length > max) throw new DomainError('moderation.too_many_images', { max });
    const prefix = `${FILES_URL_PREFIX}${REPORT_IMAGES_FOLDER}/`;
    if (urls.some((url) => !url.startsWith(prefix) || url.includes('..'))) {
      throw new DomainError('moderation.image_not_allowed');
    }
  }

  private async target(kind: ReportKind, contentId: string): Promise<ReportableContentDocument> {
    const found = await this.db
      .collection<ReportableContentDocument>(REPORTABLE_CONTENT)
      .findOne({ _id: contentKey(kind, contentId) });
    if (!found || found.deleted) throw new DomainError('moderation.content_not_found');
    return found;
  }

  private visible(result: { streamId: string; version: number }): Promise<boolean> {
    return this.waiter.waitFor(
      REPORTS_PROJECTION,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
  }
}

/** Report ids are entity ids; anything else names no report and must not reach a stream id. */
export function reportIdOf(id: string): string {
  if (!entityId.safeParse(id).success) throw new DomainError('moderation.report_not_found');
  return id;
}

/* The routes' commands (ADR 0041): each handler runs the method the route called. */

/** A member reports content. */
export class FileReportCommand extends Command<FiledReport> {
  constructor(
    readonly body: FileReportBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff decide a report (`reports.handle`, checked on the route). */
export class ResolveReportCommand extends Command<{ visible: boolean }> {
  constructor(
    readonly reportId: string,
    readonly body: ResolveReportBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** A member deletes their own report, or staff delete any. */
export class RemoveReportCommand extends Command<{ visible: boolean }> {
  constructor(
    readonly reportId: string,
    readonly byMember: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff edit the report types tree. */
export class CreateReportTypeCommand extends Command<{ id: string }> {
  constructor(
    readonly body: CreateReportTypeBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangeReportTypeCommand extends Command<{ id: string }> {
  constructor(
    readonly typeId: string,
    readonly body: ChangeReportTypeBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveReportTypeCommand extends Command<{ id: string }> {
  constructor(
    readonly typeId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(FileReportCommand)
export class FileReportHandler implements ICommandHandler<FileReportCommand> {
  constructor(private readonly reports: ReportCommands) {}

  execute({ body, meta }: FileReportCommand): Promise<FiledReport> {
    return this.reports.file(body, meta);
  }
}

@CommandHandler(ResolveReportCommand)
export class ResolveReportHandler implements ICommandHandler<ResolveReportCommand> {
  constructor(private readonly reports: ReportCommands) {}

  execute({ reportId, body, meta }: ResolveReportCommand): Promise<{ visible: boolean }> {
    return this.reports.resolve(reportId, body, meta);
  }
}

@CommandHandler(RemoveReportCommand)
export class RemoveReportHandler implements ICommandHandler<RemoveReportCommand> {
  constructor(private readonly reports: ReportCommands) {}

  execute({ reportId, byMember, meta }: RemoveReportCommand): Promise<{ visible: boolean }> {
    if (byMember && meta.actor.kind !== 'member') throw new DomainError('auth.unauthorized');
    return this.reports.remove(reportIdOf(reportId), meta);
  }
}

@CommandHandler(CreateReportTypeCommand)
export class CreateReportTypeHandler implements ICommandHandler<CreateReportTypeCommand> {
  constructor(private readonly types: ReportTypes) {}

  execute({ body, meta }: CreateReportTypeCommand): Promise<{ id: string }> {
    return this.types.create(body, meta);
  }
}

@CommandHandler(ChangeReportTypeCommand)
export class ChangeReportTypeHandler implements ICommandHandler<ChangeReportTypeCommand> {
  constructor(private readonly types: ReportTypes) {}

  execute({ typeId, body, meta }: ChangeReportTypeCommand): Promise<{ id: string }> {
    return this.types.change(typeId, body, meta);
  }
}

@CommandHandler(RemoveReportTypeCommand)
export class RemoveReportTypeHandler implements ICommandHandler<RemoveReportTypeCommand> {
  constructor(private readonly types: ReportTypes) {}

  execute({ typeId, meta }: RemoveReportTypeCommand): Promise<{ id: string }> {
    return this.types.remove(typeId, meta);
  }
}
