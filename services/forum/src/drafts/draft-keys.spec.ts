import { DomainError } from '@forum/event-store';
import { draftsToDrop, parseDraftKey } from './draft-keys';

describe('draft keys (docs/rules/forum.md, drafts)', () => {
  it('reads the key of each editor', () => {
    expect(parseDraftKey('topic:new')).toEqual({ key: 'topic:new', kind: 'topic', targetId: null });
    expect(parseDraftKey('question:new')).toEqual({ key: 'question:new', kind: 'question', targetId: null });
    expect(parseDraftKey('topic-edit:t_1')).toEqual({ key: 'topic-edit:t_1', kind: 'topic-edit', targetId: 't_1' });
    expect(parseDraftKey('comment:abc-9').targetId).toBe('abc-9');
    expect(parseDraftKey('reply:c1').kind).toBe('reply');
    expect(parseDraftKey('answer:q1').kind).toBe('answer');
    // "new" is an id like any other after a kind that names what it is written into.
    expect(parseDraftKey('comment:new').targetId).toBe('new');
  });

  it.each([
    '',
    'topic',
    'topic:',
    'topic:t1',
    'question:q1',
    'comment:',
    'comment:a|b',
    'comment:a.b',
    `comment:${'x'.repeat(65)}`,
    'message:m1',
    'toString:x',
    '__proto__:x',
    ':new',
    'reply:c1:extra',
  ])('refuses %j with forum.draft_key_invalid', (key) => {
    expect(() => parseDraftKey(key)).toThrow(DomainError);
    expect(() => parseDraftKey(key)).toThrow('forum.draft_key_invalid');
  });
});

describe('draftsToDrop: at most `cap` drafts per member', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const drafts = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ key: `comment:t${i}`, updatedAt: at(i) }));

  it('drops nothing below the cap, nor when a kept draft is saved again at the cap', () => {
    expect(draftsToDrop(drafts(2), 'topic:new', 3)).toEqual([]);
    expect(draftsToDrop(drafts(3), 'comment:t0', 3)).toEqual([]);
  });

  it('drops the least recently saved drafts when a new one would pass the cap', () => {
    expect(draftsToDrop(drafts(3), 'topic:new', 3)).toEqual(['comment:t0']);
    const shuffled = [...drafts(5)].reverse();
    expect(draftsToDrop(shuffled, 'topic:new', 3)).toEqual(['comment:t0', 'comment:t1', 'comment:t2']);
  });

  it('never drops the draft being saved, even when it is the oldest', () => {
    const existing = [...drafts(3), { key: 'topic:new', updatedAt: at(-5) }];
    expect(draftsToDrop(existing, 'topic:new', 3)).toEqual(['comment:t0']);
  });
});
