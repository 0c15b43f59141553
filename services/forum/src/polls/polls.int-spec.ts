import { DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS } from '@forum/contracts';
import type { AuditLogRow, ErrorBody, Page, ReminderView } from '@forum/contracts';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import { PollCloser } from './poll-closer';
import type { PollView, StaffPollRow, TopicPoll } from './poll.schemas';

interface Written {
  poll: PollView | null;
  visible: boolean;
}

/**
 * Polls on topics over HTTP (docs/rules/forum.md, polls): the author adds one, members vote once each (also when
 * they send many votes at once), counts appear after voting or closing, staff close and delete, the author is
 * reminded when it closes, and a reader who may not read the topic learns nothing of its poll.
 */
describe('/api/forum/topics/:topicId/poll', () => {
  let f: ForumFixture;
  let author: string;
  let voter: string;
  let tagId: string;
  const stem = `Po${Date.now().toString(36).slice(-5)}`;

  beforeAll(async () => {
    f = await startForum(['messaging']);
    author = await f.member(`${stem}author`);
    voter = await f.member(`${stem}voter`);
    tagId = await f.tag(`${stem} tag`);
  });
  afterAll(() => f.t.close());

  const url = (topicId: string) => `/api/forum/topics/${topicId}/poll`;
  const create = (memberId: string, topicId: string, body: Record<string, unknown>) =>
    f.t.client.as(memberId).post<Written & ErrorBody>(url(topicId), body);
  const vote = (memberId: string, topicId: string, optionIds: string[]) =>
    f.t.client.as(memberId).post<Written & ErrorBody>(`${url(topicId)}/votes`, { optionIds });
  const read = (memberId: string | null, topicId: string) =>
    (memberId ? f.t.client.as(memberId) : f.t.client).get<TopicPoll & ErrorBody>(url(topicId));
  const staff = () => f.t.client.as(f.staffId, 'staff');
  const topic = (title: string) => f.post(author, { title, content: `<p>${title}</p>`, tagIds: [tagId] });
  const drinks = { question: 'Tea or coffee?', options: ['Tea', 'Coffee', 'Water'] };

  it('is added by the topic author; counts are shown after voting, never before', async () => {
    const topicId = await topic(`${stem} single`);
    expect((await read(voter, topicId)).body).toEqual({ poll: null });

    const created = await create(author, topicId, drinks);
    expect(created.status).toBe(200);
    expect(created.body.poll).toMatchObject({
      pollId: topicId,
      question: 'Tea or coffee?',
      multiple: false,
      closesAt: null,
      closed: false,
      resultsVisible: false,
      voters: null,
      myVote: null,
    });
    expect(created.body.poll!.options.map((option) => [option.text, option.votes])).toEqual([
      ['Tea', null],
      ['Coffee', null],
      ['Water', null],
    ]);
    const again = await create(author, topicId, drinks);
    expect([again.status, again.body.code]).toEqual([409, 'forum.poll_exists']);
    const other = await create(voter, await f.post(voter, { title: 'Mine', content: '<p>m</p>', tagIds: [tagId] }), {
      ...drinks,
    });
    expect(other.status).toBe(200);
    const notMine = await create(voter, topicId, drinks);
    expect([notMine.status, notMine.body.code]).toEqual([403, 'forum.poll_not_author']);

    // A visitor reads the poll without counts, and cannot vote.
    const visitor = await read(null, topicId);
    expect(visitor.body.poll).toMatchObject({ resultsVisible: false, voters: null, myVote: null });
    const anonymous = await f.t.client.post<ErrorBody>(`${url(topicId)}/votes`, { optionIds: ['o1'] });
    expect(anonymous.status).toBe(401);

    const two = await vote(voter, topicId, ['o1', 'o2']);
    expect([two.status, two.body.code]).toEqual([400, 'forum.poll_choice_invalid']);
    const unknown = await vote(voter, topicId, ['o9']);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'forum.poll_choice_invalid']);

    const voted = await vote(voter, topicId, ['o2']);
    expect(voted.status).toBe(200);
    expect(voted.body.poll).toMatchObject({ resultsVisible: true, voters: 1, myVote: ['o2'] });
    expect(voted.body.poll!.options.map((option) => option.votes)).toEqual([0, 1, 0]);
    const twice = await vote(voter, topicId, ['o1']);
    expect([twice.status, twice.body.code]).toEqual([409, 'forum.poll_already_voted']);
    expect((await read(voter, topicId)).body.poll).toMatchObject({ voters: 1, myVote: ['o2'] });
    // The author has not voted: still no counts for them.
    expect((await read(author, topicId)).body.poll).toMatchObject({ resultsVisible: false, voters: null });
  });

  it('refuses 1 or 11 options, long texts, duplicates and a close time in the past, with field codes', async () => {
    const topicId = await topic(`${stem} invalid`);
    const fields = async (body: Record<string, unknown>) => {
      const answer = await create(author, topicId, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'common.validation_failed']);
      return answer.body.fieldErrors!.map((error) => [error.field, error.code]);
    };
    expect(await fields({ ...drinks, options: ['Only'] })).toEqual([['options', 'validation.too_small']]);
    expect(await fields({ ...drinks, options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) })).toEqual([
      ['options', 'validation.too_big'],
    ]);
    expect(await fields({ ...drinks, options: ['Tea', 'x'.repeat(81)] })).toEqual([
      ['options.1', 'validation.too_long'],
    ]);
    expect(await fields({ ...drinks, options: ['Tea', ' '] })).toEqual([['options.1', 'validation.required']]);
    expect(await fields({ ...drinks, options: ['Tea', 'tea'] })).toEqual([
      ['options', 'validation.poll_options_duplicate'],
    ]);
    expect(await fields({ ...drinks, closesAt: new Date(Date.now() - 60_000).toISOString() })).toEqual([
      ['closesAt', 'validation.poll_closes_in_past'],
    ]);
    expect(await fields({ ...drinks, question: '' })).toEqual([['question', 'validation.required']]);
    // Nothing was created by the refusals.
    expect((await read(author, topicId)).body).toEqual({ poll: null });
  });

  it('counts one vote for 20 concurrent votes by one member, and 100 for 100 members voting at once', async () => {
    const topicId = await topic(`${stem} crowd`);
    expect((await create(author, topicId, { ...drinks, multiple: true })).status).toBe(200);

    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => vote(voter, topicId, i % 2 === 0 ? ['o1'] : ['o2', 'o3'])),
    );
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(burst.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual(
      Array.from({ length: 19 }, () => 'forum.poll_already_voted'),
    );
    const afterBurst = (await read(voter, topicId)).body.poll!;
    expect(afterBurst.voters).toBe(1);
    const chosen = afterBurst.myVote!;
    expect(afterBurst.options.reduce((sum, option) => sum + option.votes!, 0)).toBe(chosen.length);

    const members: string[] = [];
    for (let batch = 0; batch < 10; batch++)
      members.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => f.member(`${stem}c${batch * 10 + i}`)))));
    const crowd = await Promise.all(members.map((memberId, i) => vote(memberId, topicId, [`o${(i % 3) + 1}`])));
    expect(crowd.filter((answer) => answer.status === 200)).toHaveLength(100);
    await eventually(async () => {
      const poll = (await read(voter, topicId)).body.poll!;
      expect(poll.voters).toBe(101);
      const fromCrowd = [34, 33, 33];
      expect(poll.options.map((option) => option.votes)).toEqual(
        fromCrowd.map((count, i) => count + (chosen.includes(`o${i + 1}`) ? 1 : 0)),
      );
    });
  }, 600_000);

  it('closes at its time: votes refused, counts for everyone, the author reminded (320)', async () => {
    const topicId = await topic(`${stem} timed`);
    const closesAt = new Date(Date.now() + 4_000).toISOString();
    const created = await create(author, topicId, { ...drinks, closesAt });
    expect(created.body.poll).toMatchObject({ closesAt, closed: false });
    expect((await vote(voter, topicId, ['o3'])).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Date.parse(closesAt) - Date.now() + 50));
    const late = await vote(author, topicId, ['o1']);
    expect([late.status, late.body.code]).toEqual([409, 'forum.poll_closed']);
    // Closed by its time even before the job ran: the author (who never voted) and visitors see the counts.
    const seen = (await read(null, topicId)).body.poll!;
    expect(seen).toMatchObject({ closed: true, resultsVisible: true, voters: 1 });
    expect(seen.options.map((option) => option.votes)).toEqual([0, 0, 1]);

    expect(await f.t.app.get(PollCloser).sweep(new Date())).toBeGreaterThanOrEqual(1);
    await eventually(
      async () => {
        const reminders = await f.t.client.as(author).get<Page<ReminderView>>('/api/messaging/reminders');
        const closed = reminders.body.items.find((item) => item.type === 320 && item.topicId === topicId);
        expect(closed).toMatchObject({ summary: 'Tea or coffee?', topicTitle: `${stem} timed` });
      },
      { timeoutMs: 30_000 },
    );
    // The voter is not reminded: the reminder is the author's.
    const voters = await f.t.client.as(voter).get<Page<ReminderView>>('/api/messaging/reminders');
    expect(voters.body.items.some((item) => item.type === 320 && item.topicId === topicId)).toBe(false);
  });

  it('staff close and delete a poll (audited); members cannot', async () => {
    const topicId = await topic(`${stem} staff`);
    expect((await create(author, topicId, drinks)).status).toBe(200);
    const byMember = await f.t.client.as(author).post<ErrorBody>(`/api/forum/staff/polls/${topicId}/close`, {});
    expect(byMember.status).toBe(403);

    const closed = await staff().post<Written>(`/api/forum/staff/polls/${topicId}/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.body.poll).toMatchObject({ closed: true, resultsVisible: true, voters: 0 });
    const refused = await vote(voter, topicId, ['o1']);
    expect([refused.status, refused.body.code]).toEqual([409, 'forum.poll_closed']);

    const list = await staff().get<Page<StaffPollRow>>('/api/forum/staff/polls?pageSize=100');
    expect(list.body.items.find((row) => row.id === topicId)).toMatchObject({
      topicTitle: `${stem} staff`,
      closed: true,
      deleted: false,
      authorId: author,
    });

    const deleted = await staff().request<Written>('DELETE', `/api/forum/staff/polls/${topicId}`);
    expect([deleted.status, deleted.body.poll]).toEqual([200, null]);
    expect((await read(voter, topicId)).body).toEqual({ poll: null });
    const gone = await staff().request<ErrorBody>('DELETE', `/api/forum/staff/polls/${topicId}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'forum.poll_not_found']);
    const votedOnDeleted = await vote(voter, topicId, ['o1']);
    expect([votedOnDeleted.status, votedOnDeleted.body.code]).toEqual([404, 'forum.poll_not_found']);

    await eventually(
      async () => {
        const filter = encodeURIComponent(JSON.stringify({ actorId: f.staffId }));
        const log = await staff().get<Page<AuditLogRow>>(
          `/api/moderation/staff/audit-log?pageSize=100&filter=${filter}`,
        );
        const actions = log.body.items.filter((row) => JSON.stringify(row).includes(topicId)).map((row) => row.action);
        expect(actions).toEqual(expect.arrayContaining(['PollClosed', 'PollDeleted']));
      },
      { timeoutMs: 30_000 },
    );
  });

  it('tells a reader who may not read the topic nothing about its poll', async () => {
    const secretTag = await f.tag(`${stem} secret`);
    const topicId = await f.post(author, { title: 'Secret', content: '<p>s</p>', tagIds: [secretTag] });
    expect((await create(author, topicId, drinks)).status).toBe(200);
    const memberRole = (permissions: { permission: string; tagIds: string[] | null }[]) =>
      staff().request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, { permissions });
    const everything = MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null }));
    try {
      const limited = everything.map((entry) =>
        entry.permission === 'topic.view' ? { ...entry, tagIds: [tagId] } : entry,
      );
      expect((await memberRole(limited)).status).toBe(200);
      await eventually(async () => {
        const refused = await read(voter, topicId);
        expect([refused.status, refused.body.code]).toEqual([403, 'forum.topic_view_forbidden']);
      });
      const visitor = await read(null, topicId);
      expect([visitor.status, visitor.body.code]).toEqual([403, 'forum.topic_view_forbidden']);
      expect(JSON.stringify(visitor.body)).not.toContain('Tea or coffee');
      const voted = await vote(voter, topicId, ['o1']);
      expect([voted.status, voted.body.code]).toEqual([403, 'forum.topic_view_forbidden']);
      // Its author still reads it.
      expect((await read(author, topicId)).body.poll).toMatchObject({ question: 'Tea or coffee?' });
    } finally {
      expect((await memberRole(everything)).status).toBe(200);
    }
    // A deleted topic's poll is not found, like the topic.
    expect((await f.t.client.as(author).request('DELETE', `/api/forum/topics/${topicId}`)).status).toBe(200);
    await eventually(async () => {
      const gone = await read(voter, topicId);
      expect([gone.status, gone.body.code]).toEqual([404, 'forum.topic_not_found']);
    });
  });
});
