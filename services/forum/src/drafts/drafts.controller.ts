import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { CommandMeta, CurrentActor, requireMember, responseSchema, ValidBody } from '@forum/platform';
import { DraftStore } from './draft-store';
import { DiscardDraftCommand, SaveDraftCommand } from './draft.commands';
import { draftList, draftView, saveDraftBody, savedDraft, DRAFTS_PER_MEMBER } from './draft.schemas';
import type { DraftSummary, DraftView, SaveDraftBody, SavedDraft } from './draft.schemas';

/**
 * The editors' drafts (docs/rules/forum.md, drafts; ADR 0031): signed-in members only (no `@Public`), writes with
 * the CSRF echo and the default write rate limit, like every other write. `:key` is `topic:new`, `question:new`,
 * `topic-edit:<topicId>`, `comment:<topicId>`, `reply:<commentId>` or `answer:<questionId>`.
 */
@ApiTags('forum')
@Controller('forum/drafts')
export class DraftsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly drafts: DraftStore,
  ) {}

  /** My drafts, the most recently saved first, with excerpts (at most `max`). */
  @Get()
  @ApiOkResponse(responseSchema(draftList))
  async list(@CurrentActor() actor: Actor): Promise<{ items: DraftSummary[]; max: number }> {
    return { items: await this.drafts.list(requireMember(actor).id), max: DRAFTS_PER_MEMBER };
  }

  /** My draft for this editor, or 404 `forum.draft_not_found`. */
  @Get(':key')
  @ApiOkResponse(responseSchema(draftView))
  get(@Param('key') key: string, @CurrentActor() actor: Actor): Promise<DraftView> {
    return this.drafts.get(requireMember(actor).id, key);
  }

  @Put(':key')
  @ApiOkResponse(responseSchema(savedDraft))
  save(
    @Param('key') key: string,
    @ValidBody(saveDraftBody) body: SaveDraftBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<SavedDraft> {
    return this.commands.execute(new SaveDraftCommand(key, body, meta));
  }

  /** Discards the draft (sent, or the member asked); no draft there is no error. */
  @Delete(':key')
  @HttpCode(204)
  async discard(@Param('key') key: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.commands.execute(new DiscardDraftCommand(key, actor));
  }
}
