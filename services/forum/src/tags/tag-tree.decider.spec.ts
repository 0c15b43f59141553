import type { TagEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { tagTreeDecider } from './tag-tree.decider';

const created = (tagId: string, name: string, parentId: string | null = null): TagEvent => ({
  type: 'TagCreated',
  data: { tagId, name, parentId, sort: 0 },
});

describe('tag tree decider', () => {
  it('creates root and child tags', () => {
    given(tagTreeDecider, [created('a', 'Tech')])
      .when({ type: 'CreateTag', tagId: 'b', name: ' Node ', parentId: 'a', sort: 2 })
      .then([{ type: 'TagCreated', data: { tagId: 'b', name: 'Node', parentId: 'a', sort: 2 } }]);
  });

  it('refuses a missing parent and a sibling with the same name', () => {
    given(tagTreeDecider)
      .when({ type: 'CreateTag', tagId: 'b', name: 'x', parentId: 'nope', sort: 0 })
      .thenError('forum.tag_parent_invalid');
    given(tagTreeDecider, [created('a', 'Tech')])
      .when({ type: 'CreateTag', tagId: 'b', name: 'tech', parentId: null, sort: 0 })
      .thenError('forum.tag_name_taken');
  });

  it('refuses to move a tag under itself or its descendants', () => {
    given(tagTreeDecider, [created('a', 'A'), created('b', 'B', 'a')])
      .when({ type: 'ChangeTag', tagId: 'a', parentId: 'b' })
      .thenError('forum.tag_parent_invalid');
  });

  it('deletes a leaf tag but not a tag with children', () => {
    given(tagTreeDecider, [created('a', 'A'), created('b', 'B', 'a')])
      .when({ type: 'DeleteTag', tagId: 'a' })
      .thenError('forum.tag_has_children');
    given(tagTreeDecider, [created('a', 'A'), created('b', 'B', 'a')])
      .when({ type: 'DeleteTag', tagId: 'b' })
      .then([{ type: 'TagDeleted', data: { tagId: 'b' } }]);
  });
});
