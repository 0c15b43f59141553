import type { TestClient } from '@forum/testing';
import type { TagTreeNode } from './tag.schemas';

/**
 * For tests that post topics: a root leaf tag named `name`, created through the staff API if missing (topics must
 * go in existing leaf tags). Usage: `tagIds: [await testTag(t.client)]`.
 */
export async function testTag(client: TestClient, name = 'General'): Promise<string> {
  const staff = client.as('tag-fixture-staff', 'staff');
  const created = await staff.post<{ tagId: string }>('/api/forum/tags', { name });
  if (created.status === 201) return created.body.tagId;
  const tree = await client.get<{ items: TagTreeNode[] }>('/api/forum/tags');
  const found = tree.body.items.find((tag) => tag.name === name);
  if (!found) throw new Error(`could not create the test tag: ${created.status} ${JSON.stringify(created.body)}`);
  return found.tagId;
}
