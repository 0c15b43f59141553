import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata, QuestionTagNode } from '@forum/contracts';
import { CommandMeta, Public, RequiresPermission, singleLine, ValidBody, wholeNumber } from '@forum/platform';
import { QuestionTags } from './question-tags';
import { ChangeQuestionTagCommand, CreateQuestionTagCommand, RemoveQuestionTagCommand } from './question-tag.commands';

const createTagBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)),
  parentId: z.string().min(1).max(64).nullable().default(null),
  sort: wholeNumber().pipe(z.number().int().min(-100_000).max(100_000)).default(0),
});
const changeTagBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)).optional(),
  parentId: z.string().min(1).max(64).nullable().optional(),
  sort: wholeNumber().pipe(z.number().int().min(-100_000).max(100_000)).optional(),
});

/** The question tag tree: everyone reads it; staff with `content.manage` edit it. */
@ApiTags('qa')
@Controller('qa/tags')
export class QuestionTagsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tags: QuestionTags,
  ) {}

  @Public()
  @Get()
  async list(): Promise<{ items: QuestionTagNode[] }> {
    return { items: await this.tags.tree() };
  }

  @RequiresPermission('content.manage')
  @Post()
  @HttpCode(201)
  create(@ValidBody(createTagBody) body: z.infer<typeof createTagBody>, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new CreateQuestionTagCommand(body, meta));
  }

  @RequiresPermission('content.manage')
  @Patch(':tagId')
  change(
    @Param('tagId') tagId: string,
    @ValidBody(changeTagBody) body: z.infer<typeof changeTagBody>,
    @CommandMeta() meta: CommandMetadata,
  ) {
    return this.commands.execute(new ChangeQuestionTagCommand(tagId, body, meta));
  }

  @RequiresPermission('content.manage')
  @Delete(':tagId')
  remove(@Param('tagId') tagId: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new RemoveQuestionTagCommand(tagId, meta));
  }
}
