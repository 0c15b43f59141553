import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';
import { FORUM_TAGS, TagDocument } from './tags.projection';
import type { TagTreeNode } from './tag.schemas';

/** How long a process reuses the loaded tag list (tags change rarely; a staff write drops it at once). */
const TTL_MS = 2_000;

/** The tag tree as readers see it, from the `forum_tags` read model, cached briefly in memory. */
@Injectable()
export class TagDirectory {
  private cached: { at: number; tags: Promise<Map<string, TagDocument>> } | null = null;

  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  invalidate(): void {
    this.cached = null;
  }

  all(): Promise<Map<string, TagDocument>> {
    if (!this.cached || Date.now() - this.cached.at > TTL_MS) {
      const tags = this.db
        .collection<TagDocument>(FORUM_TAGS)
        .find({ deleted: { $ne: true } })
        .toArray()
        .then((docs) => new Map(docs.map((doc) => [doc._id, doc])));
      this.cached = { at: Date.now(), tags };
      tags.catch(() => (this.cached = null));
    }
    return this.cached.tags;
  }

  async tree(): Promise<TagTreeNode[]> {
    const tags = await this.all();
    const children = new Map<string | null, TagDocument[]>();
    for (const tag of tags.values()) {
      const parent = tag.parentId && tags.has(tag.parentId) ? tag.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), tag]);
    }
    const build = (parentId: string | null): TagTreeNode[] =>
      (children.get(parentId) ?? [])
        .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))
        .map((tag) => {
          const nodes = build(tag._id);
          return {
            tagId: tag._id,
            name: tag.name,
            parentId: tag.parentId,
            sort: tag.sort,
            leaf: nodes.length === 0,
            children: nodes,
          };
        });
    return build(null);
  }

  async names(tagIds: string[]): Promise<{ tagId: string; name: string }[]> {
    const tags = await this.all();
    return tagIds.flatMap((tagId) => {
      const tag = tags.get(tagId);
      return tag ? [{ tagId, name: tag.name }] : [];
    });
  }
}
