import type { RevisionEvent } from '@forum/contracts';
import { redactHiddenBlocks } from '../content/hidden-blocks';
import { given } from '@forum/testing';
import { partsWithoutHiddenBlocks, plainText, revisionParts } from './revision-history';
import { visibilityDecider } from './revision-visibility';

const forumRevisionVisibilityDecider = visibilityDecider<RevisionEvent>(
  'revisionVisibility',
  { hidden: 'RevisionHidden', shown: 'RevisionShown' },
  'topicId',
);

const now = new Date('2026-11-27T10:00:00.000Z');
const command = { kind: 'topic', targetId: 't1', parentId: 't1', revision: 2, by: 'staff1', now };
const data = {
  kind: 'topic' as const,
  targetId: 't1',
  topicId: 't1',
  revision: 2,
  by: 'staff1',
  at: now.toISOString(),
};
const hidden: RevisionEvent = { type: 'RevisionHidden', data };
const shown: RevisionEvent = { type: 'RevisionShown', data };

describe('revision visibility decider (staff hide a revision, ADR 0032)', () => {
  it('hides once; hiding again decides nothing', () => {
    given(forumRevisionVisibilityDecider)
      .when({ ...command, hidden: true })
      .then([hidden]);
    given(forumRevisionVisibilityDecider, [hidden])
      .when({ ...command, hidden: true })
      .thenNothingHappened();
  });

  it('shows a hidden revision again; showing a shown one decides nothing', () => {
    given(forumRevisionVisibilityDecider, [hidden])
      .when({ ...command, hidden: false })
      .then([shown]);
    given(forumRevisionVisibilityDecider)
      .when({ ...command, hidden: false })
      .thenNothingHappened();
    given(forumRevisionVisibilityDecider, [hidden, shown])
      .when({ ...command, hidden: false })
      .thenNothingHappened();
  });

  it('keeps each revision apart', () => {
    given(forumRevisionVisibilityDecider, [hidden])
      .when({ ...command, revision: 3, hidden: true })
      .then([{ type: 'RevisionHidden', data: { ...data, revision: 3 } }]);
  });
});

describe('revision text', () => {
  it('keeps words and line breaks, drops tags, decodes entities', () => {
    expect(plainText('<p>Hello <b>big</b>&nbsp;world</p><p>a &amp; b<br>c</p><img src="x.png">')).toBe(
      'Hello big world\na & b\nc',
    );
  });

  it('turns a locked block into a placeholder without its text, an open one into its text', () => {
    const html =
      '<p>Intro</p><hide type="10" value="pw" data-block-id="b1"><p>SECRET-A</p></hide>' +
      '<hide type="40" value="5" data-block-id="b2"><p>PAID-B</p></hide><p>End</p>';
    const redacted = redactHiddenBlocks(html, (block) => block.id === 'b1');
    const parts = revisionParts(redacted, new Set([0]));
    expect(parts).toEqual([
      { kind: 'text', text: 'Intro' },
      { kind: 'hidden', hideType: 10, locked: false, text: 'SECRET-A' },
      { kind: 'hidden', hideType: 40, locked: true },
      { kind: 'text', text: 'End' },
    ]);
    expect(JSON.stringify(parts)).not.toContain('PAID-B');
    expect(JSON.stringify(parts)).not.toContain('pw');
  });

  it('drops hidden blocks where they mean nothing (comments, Q&A)', () => {
    expect(partsWithoutHiddenBlocks('<p>Hi</p><hide type="10" value="pw"><p>X</p></hide>')).toEqual([
      { kind: 'text', text: 'Hi' },
    ]);
  });
});
