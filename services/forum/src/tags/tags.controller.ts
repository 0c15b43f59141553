import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '@forum/contracts';
import { ApiOkBody, CommandMeta, Public, RequiresPermission, ValidBody } from '@forum/platform';
import { TagDirectory } from './tag-directory';
import { ChangeTagCommand, CreateTagCommand, RemoveTagCommand } from './tag.commands';
import { changeTagBody, createTagBody, tagTree, tagWritten } from './tag.schemas';
import type { ChangeTagBody, CreateTagBody, TagTreeNode, TagWritten } from './tag.schemas';

@ApiTags('forum')
@Controller('forum/tags')
export class TagsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly directory: TagDirectory,
  ) {}

  /** The whole tree, siblings by `sort` then name; topics go in `leaf` tags. */
  @Public()
  @Get()
  @ApiOkBody(tagTree)
  async list(): Promise<{ items: TagTreeNode[] }> {
    return { items: await this.directory.tree() };
  }

  @RequiresPermission('content.manage')
  @Post()
  @HttpCode(201)
  @ApiOkBody(tagWritten)
  create(@ValidBody(createTagBody) body: CreateTagBody, @CommandMeta() meta: CommandMetadata): Promise<TagWritten> {
    return this.commands.execute(new CreateTagCommand(body, meta));
  }

  @RequiresPermission('content.manage')
  @Patch(':tagId')
  @ApiOkBody(tagWritten)
  change(
    @Param('tagId') tagId: string,
    @ValidBody(changeTagBody) body: ChangeTagBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<TagWritten> {
    return this.commands.execute(new ChangeTagCommand(tagId, body, meta));
  }

  @RequiresPermission('content.manage')
  @Delete(':tagId')
  @ApiOkBody(tagWritten)
  remove(@Param('tagId') tagId: string, @CommandMeta() meta: CommandMetadata): Promise<TagWritten> {
    return this.commands.execute(new RemoveTagCommand(tagId, meta));
  }
}
