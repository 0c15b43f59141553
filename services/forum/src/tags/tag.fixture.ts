import { newId } from '@forum/contracts';
import type { TestClient } from '@forum/testing';
import { TagTree } from './tag.commands';
import { createTagBody } from './tag.schemas';
import type { TagTreeNode } from './tag.schemas';

/**
 * For tests that post topics: a root leaf tag named `name`, created if missing (topics must go in existing leaf
 * tags). Usage: `tagIds: [await testTag(t.client)]`. Created by the system actor in the app behind the client:
 * the staff API needs `content.manage`, which only an app with identity can grant, and the forum alone must do.
 */
export async function testTag(client: TestClient, name = 'General'): Promise<string> {
  const existing = async () =>
    (await client.get<{ items: TagTreeNode[] }>('/api/forum/tags')).body.items.find((tag) => tag.name === name);
  const found = await existing();
  if (found) return found.tagId;
  const tags = client.application().get(TagTree, { strict: false });
  try {
    const created = await tags.create(createTagBody.parse({ name }), {
      actor: { kind: 'system', id: null, ip: '127.0.0.1' },
      now: new Date(),
      correlationId: newId(),
    });
    return created.tagId;
  } catch (error) {
    // Another test of the file created it meanwhile (the name is taken): use that one.
    const raced = await existing();
    if (!raced) throw error;
    return raced.tagId;
  }
}
