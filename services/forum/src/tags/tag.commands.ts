import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { newId } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { EventStore, fold } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { TagDirectory } from './tag-directory';
import { TAG_TREE_STREAM, TagTreeCommand, tagTreeDecider, TagTreeState } from './tag-tree.decider';
import { tagsProjection } from './tags.projection';
import type { ChangeTagBody, CreateTagBody, TagWritten } from './tag.schemas';

/** Staff edits of the tag tree, and the tree's current state for rules that must be exact (leaf tags). */
@Injectable()
export class TagTree {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly directory: TagDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The tree from the event store (its one stream is short and the store caches its state). */
  async state(): Promise<TagTreeState> {
    return fold(tagTreeDecider, (await this.store.readStream(TAG_TREE_STREAM)) as never);
  }

  create(body: CreateTagBody, meta: CommandMetadata): Promise<TagWritten> {
    const tagId = newId(meta.now.getTime());
    return this.run({ type: 'CreateTag', tagId, name: body.name, parentId: body.parentId, sort: body.sort }, meta);
  }

  change(tagId: string, body: ChangeTagBody, meta: CommandMetadata): Promise<TagWritten> {
    return this.run({ type: 'ChangeTag', tagId, ...body }, meta);
  }

  remove(tagId: string, meta: CommandMetadata): Promise<TagWritten> {
    return this.run({ type: 'DeleteTag', tagId }, meta);
  }

  private async run(command: TagTreeCommand, meta: CommandMetadata): Promise<TagWritten> {
    const result = await this.store.handle(tagTreeDecider, TAG_TREE_STREAM, command, meta);
    const visible = await this.waiter.waitFor(
      tagsProjection.name,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    this.directory.invalidate();
    return { tagId: command.tagId, visible };
  }
}

/* The routes' commands (ADR 0041): each handler runs the method the route called. */

/** Staff edit the tag tree (`content.manage`, checked on the route). */
export class CreateTagCommand extends Command<TagWritten> {
  constructor(
    readonly body: CreateTagBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangeTagCommand extends Command<TagWritten> {
  constructor(
    readonly tagId: string,
    readonly body: ChangeTagBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveTagCommand extends Command<TagWritten> {
  constructor(
    readonly tagId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(CreateTagCommand)
export class CreateTagHandler implements ICommandHandler<CreateTagCommand> {
  constructor(private readonly tree: TagTree) {}

  execute({ body, meta }: CreateTagCommand): Promise<TagWritten> {
    return this.tree.create(body, meta);
  }
}

@CommandHandler(ChangeTagCommand)
export class ChangeTagHandler implements ICommandHandler<ChangeTagCommand> {
  constructor(private readonly tree: TagTree) {}

  execute({ tagId, body, meta }: ChangeTagCommand): Promise<TagWritten> {
    return this.tree.change(tagId, body, meta);
  }
}

@CommandHandler(RemoveTagCommand)
export class RemoveTagHandler implements ICommandHandler<RemoveTagCommand> {
  constructor(private readonly tree: TagTree) {}

  execute({ tagId, meta }: RemoveTagCommand): Promise<TagWritten> {
    return this.tree.remove(tagId, meta);
  }
}
