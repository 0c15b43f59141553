import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import type { CommandMetadata, EventEnvelope, QuestionTagEvent, QuestionTagNode } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { EventStore, fold } from '@forum/event-store';
import type { Decider } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, tagTreeDecider } from '@forum/platform';
import type { AppConfig, TagTreeCommand, TagTreeState } from '@forum/platform';

export const QUESTION_TAG_TREE_STREAM = 'qaTagTree-qa';
export const QA_TAGS = 'qa_tags';

/** The question tags: the shared tag-tree rules with the Q&A's events and error codes. */
export const questionTagTreeDecider: Decider<TagTreeState, TagTreeCommand, QuestionTagEvent> = tagTreeDecider({
  name: 'qaTagTree',
  events: { created: 'QuestionTagCreated', changed: 'QuestionTagChanged', deleted: 'QuestionTagDeleted' },
  errors: {
    notFound: 'qa.tag_not_found',
    hasChildren: 'qa.tag_has_children',
    nameTaken: 'qa.tag_name_taken',
    parentInvalid: 'qa.tag_parent_invalid',
  },
});

export interface QuestionTagDocument {
  _id: string;
  name: string;
  parentId: string | null;
  sort: number;
  deleted?: boolean;
}

export const questionTagsProjection: ProjectionDefinition = {
  name: 'qa-tags',
  version: 1,
  topics: ['qa.qaTagTree'],
  collections: [QA_TAGS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & QuestionTagEvent;
    // One stream orders every change of every tag: `updateOnce` keyed on it.
    if (event.type === 'QuestionTagDeleted') {
      writer.updateOnce(QA_TAGS, event.data.tagId, envelope, { $set: { deleted: true } }, { upsert: true });
      return;
    }
    const { tagId, name, parentId, sort } = event.data;
    writer.updateOnce(QA_TAGS, tagId, envelope, { $set: { name, parentId, sort, deleted: false } }, { upsert: true });
  },
};

export interface TagBody {
  name?: string;
  parentId?: string | null;
  sort?: number;
}

/** Staff edits of the question tag tree, the tree for exact rules (leaf tags), and the tree as readers see it. */
@Injectable()
export class QuestionTags {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async state(): Promise<TagTreeState> {
    return fold(questionTagTreeDecider, (await this.store.readStream(QUESTION_TAG_TREE_STREAM)) as never);
  }

  create(body: Required<TagBody>, meta: CommandMetadata) {
    const tagId = newId(meta.now.getTime());
    return this.run({ type: 'CreateTag', tagId, name: body.name, parentId: body.parentId, sort: body.sort }, meta);
  }

  change(tagId: string, body: TagBody, meta: CommandMetadata) {
    return this.run({ type: 'ChangeTag', tagId, ...body }, meta);
  }

  remove(tagId: string, meta: CommandMetadata) {
    return this.run({ type: 'DeleteTag', tagId }, meta);
  }

  async tree(): Promise<QuestionTagNode[]> {
    const tags = await this.db
      .collection<QuestionTagDocument>(QA_TAGS)
      .find({ deleted: { $ne: true } })
      .toArray();
    const known = new Set(tags.map((tag) => tag._id));
    const children = new Map<string | null, QuestionTagDocument[]>();
    for (const tag of tags) {
      const parent = tag.parentId && known.has(tag.parentId) ? tag.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), tag]);
    }
    const build = (parentId: string | null): QuestionTagNode[] =>
      (children.get(parentId) ?? [])
        .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))
        .map((tag) => {
          const nodes = build(tag._id);
          return {
            tagId: tag._id,
            name: tag.name,
            parentId: tag.parentId,
            sort: tag.sort,
            leaf: !nodes.length,
            children: nodes,
          };
        });
    return build(null);
  }

  async names(tagIds: string[]): Promise<Map<string, string>> {
    if (tagIds.length === 0) return new Map();
    const docs = await this.db
      .collection<QuestionTagDocument>(QA_TAGS)
      .find({ _id: { $in: [...new Set(tagIds)] } })
      .toArray();
    return new Map(docs.filter((doc) => !doc.deleted).map((doc) => [doc._id, doc.name]));
  }

  private async run(command: TagTreeCommand, meta: CommandMetadata): Promise<{ tagId: string; visible: boolean }> {
    const result = await this.store.handle(questionTagTreeDecider, QUESTION_TAG_TREE_STREAM, command, meta);
    const visible = await this.waiter.waitFor(
      questionTagsProjection.name,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    return { tagId: command.tagId, visible };
  }
}
