import { creditWallet, eventually, ForumFixture, staffAccount, startForum } from '@forum/testing';
import type { RevisionList, RevisionView } from '@forum/platform';
import { ForumModule } from '../forum.module';

/**
 * Edit history (docs/rules/forum.md, edit history; ADR 0032): every version of a topic, comment and reply, hidden
 * blocks locked in old versions exactly as in the current one, staff hiding a version (audited), and the staff
 * permission the hiding needs.
 */
describe('edit history of topics, comments and replies', () => {
  let f: ForumFixture;
  let author: string;
  let payer: string;
  let other: string;
  let tagId: string;
  let topicId: string;

  const text = (view: RevisionView) =>
    (view.parts ?? []).map((part) => ('text' in part ? part.text : `[locked ${part.hideType}]`)).join(' | ');

  async function revisions(path: string, who: string | null, kind: 'member' | 'staff' = 'member') {
    const client = who ? f.t.client.as(who, kind) : f.t.client.anonymous();
    const response = await client.get<RevisionList>(`/api/forum/${path}/revisions`);
    expect(response.status).toBe(200);
    return response.body;
  }

  async function editTopic(title: string, content: string) {
    const response = await f.t.client
      .as(author)
      .request<{ visible: boolean }>('PATCH', `/api/forum/topics/${topicId}`, { title, content, tagIds: [tagId] });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    f = await startForum(['wallet']);
    author = await f.member('history_author');
    payer = await f.member('history_payer');
    other = await f.member('history_other');
    tagId = await f.tag('History');
    topicId = await f.post(author, {
      title: 'First title',
      content: '<p>The first words here.</p><hide type="40" value="5"><p>PAID-FIRST-1a2b</p></hide>',
      tagIds: [tagId],
    });
    // The author's form sends the paid block back with its id: the same block, its content edited twice.
    const stored = await f.t.client.as(author).get<{ hiddenBlocks: { id: string }[] }>(`/api/forum/topics/${topicId}`);
    const blockId = stored.body.hiddenBlocks[0]!.id;
    const paid = (marker: string) => `<hide type="40" value="5" data-block-id="${blockId}"><p>${marker}</p></hide>`;
    await editTopic('First title', `<p>The second words here.</p>${paid('PAID-SECOND-3c4d')}`);
    await editTopic('A better title', `<p>The second words here, and more.</p>${paid('PAID-THIRD-5e6f')}`);
    await eventually(async () => expect((await revisions(`topics/${topicId}`, author)).items).toHaveLength(3));
  });
  afterAll(() => f.t.close());

  it('lists the original and each edit, oldest first, as plain text', async () => {
    const history = await revisions(`topics/${topicId}`, author);
    expect(history.items.map((item) => [item.number, item.current, item.title, item.by.memberId])).toEqual([
      [1, false, 'First title', author],
      [2, false, 'First title', author],
      [3, true, 'A better title', author],
    ]);
    // The author sees their own blocks in every version; no markup, no price.
    expect(history.items.map(text)).toEqual([
      'The first words here. | PAID-FIRST-1a2b',
      'The second words here. | PAID-SECOND-3c4d',
      'The second words here, and more. | PAID-THIRD-5e6f',
    ]);
    expect(JSON.stringify(history)).not.toMatch(/<p>|value=/);
  });

  it('keeps a paid block locked in every version for a member who did not pay, and a visitor', async () => {
    for (const who of [other, null]) {
      const history = await revisions(`topics/${topicId}`, who);
      expect(history.items.map(text)).toEqual([
        'The first words here. | [locked 40]',
        'The second words here. | [locked 40]',
        'The second words here, and more. | [locked 40]',
      ]);
      expect(JSON.stringify(history)).not.toContain('PAID-');
    }
  });

  it('shows the paid block in every version to the member who paid for it now', async () => {
    await creditWallet(f.t, payer, { points: 5, remark: 'history test' });
    const paid = await f.t.client.as(payer).post(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 5 });
    expect(paid.status).toBe(200);
    await eventually(async () =>
      expect((await revisions(`topics/${topicId}`, payer)).items.map(text)).toEqual([
        'The first words here. | PAID-FIRST-1a2b',
        'The second words here. | PAID-SECOND-3c4d',
        'The second words here, and more. | PAID-THIRD-5e6f',
      ]),
    );
    // Still nothing for the member who did not pay.
    expect(JSON.stringify(await revisions(`topics/${topicId}`, other))).not.toContain('PAID-');
  });

  it('a block the author deleted stays locked in old versions for those who never opened it', async () => {
    const topic = await f.post(author, {
      title: 'Paid then removed',
      content: '<p>Open part.</p><hide type="50" value="100"><p>REMOVED-PAID-7a8b</p></hide>',
      tagIds: [tagId],
    });
    const edited = await f.t.client.as(author).request('PATCH', `/api/forum/topics/${topic}`, {
      title: 'Paid then removed',
      content: '<p>Open part only.</p>',
      tagIds: [tagId],
    });
    expect(edited.status).toBe(200);
    await eventually(async () => expect((await revisions(`topics/${topic}`, other)).items).toHaveLength(2));
    const history = await revisions(`topics/${topic}`, other);
    expect(history.items.map(text)).toEqual(['Open part. | [locked 50]', 'Open part only.']);
    expect(JSON.stringify(history)).not.toContain('REMOVED-PAID');
  });

  it('lists the versions of a comment and of a reply', async () => {
    const comment = await f.t.client
      .as(other)
      .post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, { content: '<p>Nice topic.</p>' });
    expect(comment.status).toBe(201);
    const commentId = comment.body.commentId;
    const editComment = await f.t.client
      .as(other)
      .request('PATCH', `/api/forum/comments/${commentId}`, { content: '<p>Very nice topic.</p>' });
    expect(editComment.status).toBe(200);
    const reply = await f.t.client
      .as(author)
      .post<{ replyId: string }>(`/api/forum/comments/${commentId}/replies`, { content: '<p>Thank you.</p>' });
    expect(reply.status).toBe(201);
    const editReply = await f.t.client
      .as(author)
      .request('PATCH', `/api/forum/replies/${reply.body.replyId}`, { content: '<p>Thank you, friend.</p>' });
    expect(editReply.status).toBe(200);
    await eventually(async () => {
      expect((await revisions(`comments/${commentId}`, null)).items.map(text)).toEqual([
        'Nice topic.',
        'Very nice topic.',
      ]);
      expect((await revisions(`replies/${reply.body.replyId}`, payer)).items.map(text)).toEqual([
        'Thank you.',
        'Thank you, friend.',
      ]);
    });
    const missing = await f.t.client.get<{ code: string }>('/api/forum/comments/nope/revisions');
    expect([missing.status, missing.body.code]).toEqual([404, 'forum.comment_not_found']);
  });

  describe('staff hide a revision', () => {
    let contentStaff: string;

    beforeAll(async () => {
      // The fixture's staff account holds the administrator role: every staff permission, `content.manage` too.
      contentStaff = f.staffId;
      await eventually(async () =>
        expect((await revisions(`topics/${topicId}`, contentStaff, 'staff')).items).toHaveLength(3),
      );
    });

    const hide = (who: string, revision: number, hidden: boolean, kind: 'topic' | 'comment' = 'topic') =>
      f.t.client
        .as(who, 'staff')
        .post<{ code?: string; hidden: boolean; visible: boolean }>(
          `/api/forum/staff/revisions/${kind}/${topicId}/${revision}`,
          { hidden },
        );

    it('members then see "hidden by staff" in its place; staff still read it; the audit log has it', async () => {
      const first = (await revisions(`topics/${topicId}`, author)).items[0]!;
      const response = await hide(contentStaff, first.revision, true);
      expect([response.status, response.body.hidden, response.body.visible]).toEqual([200, true, true]);

      for (const who of [author, other, null]) {
        const history = await revisions(`topics/${topicId}`, who);
        expect(history.items[0]).toMatchObject({ number: 1, hiddenByStaff: true, title: null, parts: null });
        expect(history.items[1]).toMatchObject({ hiddenByStaff: false, title: 'First title' });
        expect(JSON.stringify(history)).not.toContain('The first words');
      }
      const staffView = await revisions(`topics/${topicId}`, contentStaff, 'staff');
      expect(staffView.items[0]).toMatchObject({ hiddenByStaff: true, title: 'First title' });
      expect(text(staffView.items[0]!)).toContain('The first words here.');

      await eventually(async () => {
        const audit = await f.t
          .db('moderation')
          .collection<{ action: string; actorId: string; targetId: string }>('staff_audit_log')
          .findOne({ action: 'RevisionHidden' });
        expect(audit).toMatchObject({ actorId: contentStaff, targetId: `topic:${topicId}` });
      });

      // Hiding again changes nothing; showing it again brings it back to members.
      expect((await hide(contentStaff, first.revision, true)).status).toBe(200);
      expect((await hide(contentStaff, first.revision, false)).status).toBe(200);
      const shown = await revisions(`topics/${topicId}`, other);
      expect(shown.items[0]).toMatchObject({ hiddenByStaff: false, title: 'First title' });
      expect(text(shown.items[0]!)).toContain('The first words here.');
    });

    it('refuses the current revision and one that does not exist', async () => {
      const current = (await revisions(`topics/${topicId}`, author)).items[2]!;
      const refused = await hide(contentStaff, current.revision, true);
      expect([refused.status, refused.body.code]).toEqual([409, 'forum.revision_current']);
      const unknown = await hide(contentStaff, 99, true);
      expect([unknown.status, unknown.body.code]).toEqual([404, 'forum.revision_not_found']);
      const wrongKind = await hide(contentStaff, 1, true, 'comment');
      expect([wrongKind.status, wrongKind.body.code]).toEqual([404, 'forum.revision_not_found']);
    });

    it('is refused to staff without content.manage and to members', async () => {
      const role = await f.t.client.as(contentStaff, 'staff').post<{ id: string }>('/api/identity/roles', {
        name: 'History without content',
        kind: 'staff',
        permissions: [{ permission: 'settings.edit', tagIds: null }],
      });
      expect(role.status).toBe(201);
      const lacking = await staffAccount(f.t.app, `nohist${Date.now().toString(36)}`, {
        roleId: role.body.id,
        contexts: ['identity', 'moderation', ForumModule],
        permission: 'settings.edit',
      });
      const first = (await revisions(`topics/${topicId}`, author)).items[0]!;
      const refused = await hide(lacking, first.revision, true);
      expect([refused.status, refused.body.code]).toEqual([403, 'auth.forbidden']);
      const byMember = await f.t.client
        .as(author)
        .post<{ code: string }>(`/api/forum/staff/revisions/topic/${topicId}/${first.revision}`, { hidden: true });
      expect(byMember.status).toBe(403);
      expect((await revisions(`topics/${topicId}`, other)).items[0]!.hiddenByStaff).toBe(false);
    });
  });

  it('follows the topic: a deleted topic has no history for members', async () => {
    const topic = await f.post(author, { title: 'Gone soon', content: '<p>Short-lived.</p>', tagIds: [tagId] });
    const removed = await f.t.client.as(author).request('DELETE', `/api/forum/topics/${topic}`);
    expect(removed.status).toBe(200);
    const response = await f.t.client.as(other).get<{ code: string }>(`/api/forum/topics/${topic}/revisions`);
    expect([response.status, response.body.code]).toEqual([404, 'forum.topic_not_found']);
  });
});
