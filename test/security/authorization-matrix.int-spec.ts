import { CommandBus } from '@nestjs/cqrs';
import { isStaffPermission, newId } from '@forum/contracts';
import type { ErrorBody } from '@forum/contracts';
import { eventually } from '@forum/testing';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { isStaffRoute, nameOf, routesOf, startSecurityApp, urlOf } from './security-harness';
import type { Route, SecurityApp } from './security-harness';

/**
 * Issue 11, authorization matrix: every route of the OpenAPI document (all contexts) × visitor / member / other
 * member / staff. Staff routes refusing members and staff lacking the permission are proven route by route in
 * `services/moderation/src/audit/staff-routes-403.int-spec.ts`; this suite adds the visitor column for every
 * non-public route, the public column, and the owner column: every member route that edits or deletes a thing
 * by its id is attacked by another member, against a thing created through the API. A staff account holding no
 * permission at all is a column too: every staff route names its permission (`x-required-permission`, a contract
 * check: a bare `@StaffOnly()` fails it) and refuses that account with 403.
 */
describe('authorization matrix over every documented route', () => {
  let s: SecurityApp;
  let routes: Route[];

  beforeAll(async () => {
    s = await startSecurityApp();
    routes = await routesOf(s.t);
  }, 120_000);
  afterAll(() => s.t.close());

  const send = (client: SecurityApp['t']['client'], route: Route, values: Record<string, string> = {}) =>
    client.request<ErrorBody>(route.method, urlOf(route.path, values), route.method === 'GET' ? undefined : {});

  /** A real staff account, registered through identity, granted no role: it holds no staff permission. */
  const staffWithoutPermission = async (account: string): Promise<string> => {
    const password = 'staff-password';
    const registered = await s.t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account, password, confirmPassword: password, agreeTerms: true },
          { actor: { kind: 'system', id: null, ip: '127.0.0.1' }, now: new Date(), correlationId: newId() },
          'staff',
          true,
        ),
      );
    return (registered as { systemUser: { id: string } }).systemUser.id;
  };

  it('names the permission of every staff route, and every staff permission makes its route staff-only', () => {
    const staffRoutes = routes.filter(isStaffRoute);
    expect(staffRoutes.length).toBeGreaterThan(40);
    // A bare `@StaffOnly()` lets any staff account through: each staff route must say which permission it needs.
    expect(staffRoutes.filter((route) => !route.operation['x-required-permission']).map(nameOf)).toEqual([]);
    expect(
      staffRoutes
        .filter((route) => !isStaffPermission(String(route.operation['x-required-permission'])))
        .map((route) => `${nameOf(route)} → ${route.operation['x-required-permission']}`),
    ).toEqual([]);
    const permissionButNotStaff = routes.filter(
      (route) => isStaffPermission(String(route.operation['x-required-permission'])) && !isStaffRoute(route),
    );
    expect(permissionButNotStaff.map(nameOf)).toEqual([]);
    expect(staffRoutes.map(nameOf)).toEqual(
      expect.arrayContaining([
        'GET /api/identity/staff/outbox',
        'POST /api/forum/tags',
        'POST /api/forum/topics/{topicId}/pin',
        'POST /api/forum/topics/{topicId}/essence',
        'GET /api/moderation/settings',
        'GET /api/ops/status',
      ]),
    );
  });

  it('refuses a staff account holding no permission with 403 on every staff route', async () => {
    const bareStaff = s.t.client.as(await staffWithoutPermission('sec_bare_staff'), 'staff');
    const staffRoutes = routes.filter((route) => isStaffRoute(route) && !route.path.endsWith('/stream'));
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const response = await send(bareStaff.from('10.13.0.1'), route);
      if (response.status !== 403 || response.body.code !== 'auth.forbidden') {
        wrong.push(`${nameOf(route)} → ${response.status} ${response.body?.code}`);
      }
    }
    expect(staffRoutes.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('shows a staff account holding no permission neither a hidden block nor its password', async () => {
    const authorId = await s.member('sec_hider');
    const bareStaff = s.t.client.as(await staffWithoutPermission('sec_bare_reader'), 'staff');
    const tag = await s.staff.post<{ tagId: string }>('/api/forum/tags', { name: 'Hidden for staff' });
    expect(tag.status).toBe(201);
    const posted = await s.t.client.as(authorId).post<{ topicId: string }>('/api/forum/topics', {
      title: 'A topic with a password block',
      content: '<p>open part</p><hide type="10" value="pw-staff-4711"><p>staff-marker-4711</p></hide>',
      tagIds: [tag.body.tagId],
    });
    expect(posted.status).toBe(201);
    const url = `/api/forum/topics/${posted.body.topicId}`;
    const seen = await eventually(async () => {
      const response = await bareStaff.get(url);
      expect(response.status).toBe(200);
      return JSON.stringify(response.body);
    });
    expect(seen).toContain('open part');
    expect(seen).not.toContain('pw-staff-4711');
    expect(seen).not.toContain('staff-marker-4711');
    // The administrator (content.manage) still gets the stored HTML, for the edit form.
    expect(JSON.stringify((await s.staff.get(url)).body)).toContain('pw-staff-4711');
    // And the unlock records are the author's and content staff's, not any staff account's.
    expect((await bareStaff.get(`${url}/unlocks`)).status).toBe(403);
    // Nor may it edit or delete a member's topic or comment: that is `content.manage` too.
    const comment = await s.t.client
      .as(authorId)
      .post<{ commentId: string }>(`${url}/comments`, { content: '<p>a member comment</p>' });
    expect(comment.status).toBe(201);
    const attempts = [
      await bareStaff.request<ErrorBody>('PATCH', url, {
        title: 'Taken over',
        content: '<p>taken over</p>',
        tagIds: [tag.body.tagId],
      }),
      await bareStaff.request<ErrorBody>('DELETE', url),
      await bareStaff.request<ErrorBody>('PATCH', `/api/forum/comments/${comment.body.commentId}`, {
        content: '<p>taken over</p>',
      }),
      await bareStaff.request<ErrorBody>('DELETE', `/api/forum/comments/${comment.body.commentId}`),
    ];
    expect(attempts.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    const after = await s.t.client.as(authorId).get<{ title: string }>(url);
    expect([after.status, after.body.title]).toEqual([200, 'A topic with a password block']);
    expect(JSON.stringify((await s.t.client.as(authorId).get(`${url}/comments`)).body)).toContain('a member comment');

    // The same in Q&A: a member's question is not any staff account's to edit or delete.
    const qaTag = await s.staff.post<{ tagId: string }>('/api/qa/tags', { name: 'Bare staff', parentId: null });
    expect(qaTag.status).toBe(201);
    const question = await eventually(async () => {
      const asked = await s.t.client.as(authorId).post<{ id: string; questionId: string }>('/api/qa/questions', {
        title: 'A question of a member',
        content: '<p>why?</p>',
        tagIds: [qaTag.body.tagId],
      });
      expect(asked.status).toBe(201);
      return asked.body.questionId ?? asked.body.id;
    });
    const qaAttempts = [
      await bareStaff.request<ErrorBody>('PATCH', `/api/qa/questions/${question}`, {
        title: 'Taken over',
        content: '<p>taken over</p>',
        tagIds: [qaTag.body.tagId],
      }),
      await bareStaff.request<ErrorBody>('DELETE', `/api/qa/questions/${question}`),
    ];
    expect(qaAttempts.map((response) => response.status)).toEqual([403, 403]);
    const stillAsked = await s.t.client.as(authorId).get<{ title: string }>(`/api/qa/questions/${question}`);
    expect([stillAsked.status, stillAsked.body.title]).toEqual([200, 'A question of a member']);
  }, 120_000);

  it('refuses a visitor with 401 on every route not marked public', async () => {
    const guarded = routes.filter((route) => !route.operation['x-public']);
    expect(guarded.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const route of guarded) {
      const response = await send(s.t.client.anonymous(), route);
      if (response.status !== 401 || response.body.code !== 'auth.unauthorized') {
        wrong.push(`${nameOf(route)} → ${response.status} ${response.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a visitor on every public route without asking for a token', async () => {
    const open = routes.filter((route) => route.operation['x-public']);
    expect(open.map(nameOf)).toEqual(
      expect.arrayContaining(['GET /api/forum/topics', 'POST /api/identity/login', 'GET /api/search']),
    );
    const wrong: string[] = [];
    for (const route of open) {
      // The event stream never ends by itself; its own spec covers it.
      if (route.path.endsWith('/stream')) continue;
      const response = await send(s.t.client.anonymous().from('10.11.0.1'), route);
      if (response.body?.code === 'auth.unauthorized' || response.status >= 500) {
        wrong.push(`${nameOf(route)} → ${response.status} ${response.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
    // No public route is a staff route.
    expect(open.filter(isStaffRoute).map(nameOf)).toEqual([]);
  });

  it('refuses another member on every route that edits or deletes a member’s own thing', async () => {
    const ownerId = await s.member('sec_owner');
    const otherId = await s.member('sec_other');
    const thirdId = await s.member('sec_third');
    const owner = s.t.client.as(ownerId);
    const other = s.t.client.as(otherId);
    const third = s.t.client.as(thirdId);

    const forumTag = await s.staff.post<{ tagId: string }>('/api/forum/tags', { name: 'Security' });
    const qaTag = await s.staff.post<{ tagId: string }>('/api/qa/tags', { name: 'Security', parentId: null });
    expect([forumTag.status, qaTag.status]).toEqual([201, 201]);
    const topic = await owner.post<{ topicId: string }>('/api/forum/topics', {
      title: 'Owner topic',
      content: '<p>mine</p>',
      tagIds: [forumTag.body.tagId],
    });
    expect(topic.status).toBe(201);
    const topicId = topic.body.topicId;
    const comment = await owner.post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, {
      content: '<p>my comment</p>',
    });
    const commentId = comment.body.commentId;
    const reply = await owner.post<{ replyId: string }>(`/api/forum/comments/${commentId}/replies`, {
      content: '<p>my reply</p>',
    });
    // The Q&A tag may reach the read model a moment after the write: the first question retries until it does.
    const question = await eventually(async () => {
      const asked = await third.post<{ id: string; questionId: string }>('/api/qa/questions', {
        title: 'A question of the owner',
        content: '<p>why?</p>',
        tagIds: [qaTag.body.tagId],
      });
      expect(asked.status).toBe(201);
      return asked;
    });
    const questionId = question.body.questionId ?? question.body.id;
    const ownQuestion = await owner.post<{ id: string; questionId: string }>('/api/qa/questions', {
      title: 'Another question of the owner',
      content: '<p>how?</p>',
      tagIds: [qaTag.body.tagId],
    });
    const ownQuestionId = ownQuestion.body.questionId ?? ownQuestion.body.id;
    const answer = await owner.post<{ id: string }>(`/api/qa/questions/${questionId}/answers`, {
      content: '<p>my answer</p>',
    });
    const answerReply = await owner.post<{ id: string }>(`/api/qa/answers/${answer.body.id}/replies`, {
      content: '<p>my answer reply</p>',
    });
    const message = await owner.post<{ id: string; messageId: string }>('/api/messaging/messages', {
      toMemberId: thirdId,
      content: 'private to the third member',
    });
    // The third member's comment on the owner's topic reminds the owner.
    await third.post(`/api/forum/topics/${topicId}/comments`, { content: '<p>a comment for you</p>' });
    const reminderId = await eventually(async () => {
      const reminders = await owner.get<{ items: { reminderId: string }[] }>('/api/messaging/reminders');
      expect(reminders.body.items.length).toBeGreaterThan(0);
      return reminders.body.items[0]!.reminderId;
    });
    expect(
      [topic, comment, reply, ownQuestion, answer, answerReply, message].map((response) => response.status),
    ).toEqual([201, 201, 201, 201, 201, 201, 201]);

    // Each owner-only route, with the ids of the owner's things and a check that the thing is intact afterwards.
    const messageId = message.body.messageId ?? message.body.id;
    const stillThere = {
      topic: async () =>
        expect((await owner.get(`/api/forum/topics/${topicId}`)).body).toMatchObject({ title: 'Owner topic' }),
      comment: async () =>
        expect(JSON.stringify((await owner.get(`/api/forum/topics/${topicId}/comments`)).body)).toContain('my comment'),
      reply: async () =>
        expect(JSON.stringify((await owner.get(`/api/forum/comments/${commentId}/replies`)).body)).toContain(
          'my reply',
        ),
      question: async () =>
        expect((await owner.get(`/api/qa/questions/${ownQuestionId}`)).body).toMatchObject({
          title: 'Another question of the owner',
        }),
      answer: async () =>
        expect(JSON.stringify((await owner.get(`/api/qa/questions/${questionId}`)).body)).toContain('my answer'),
      message: async () =>
        expect(JSON.stringify((await owner.get(`/api/messaging/conversations/${thirdId}/messages`)).body)).toContain(
          'private to the third member',
        ),
      reminder: async () =>
        expect(JSON.stringify((await owner.get('/api/messaging/reminders')).body)).toContain(reminderId),
    };
    const ownerOnly: Record<string, { values: Record<string, string>; check: () => Promise<void> }> = {
      'PATCH /api/forum/topics/{topicId}': { values: { topicId }, check: stillThere.topic },
      'DELETE /api/forum/topics/{topicId}': { values: { topicId }, check: stillThere.topic },
      'PATCH /api/forum/comments/{commentId}': { values: { commentId }, check: stillThere.comment },
      'DELETE /api/forum/comments/{commentId}': { values: { commentId }, check: stillThere.comment },
      'PATCH /api/forum/replies/{replyId}': { values: { replyId: reply.body.replyId }, check: stillThere.reply },
      'DELETE /api/forum/replies/{replyId}': { values: { replyId: reply.body.replyId }, check: stillThere.reply },
      'PATCH /api/qa/questions/{questionId}': { values: { questionId: ownQuestionId }, check: stillThere.question },
      'DELETE /api/qa/questions/{questionId}': { values: { questionId: ownQuestionId }, check: stillThere.question },
      'PATCH /api/qa/answers/{answerId}': { values: { answerId: answer.body.id }, check: stillThere.answer },
      'DELETE /api/qa/answers/{answerId}': { values: { answerId: answer.body.id }, check: stillThere.answer },
      'PATCH /api/qa/answer-replies/{replyId}': { values: { replyId: answerReply.body.id }, check: stillThere.answer },
      'DELETE /api/qa/answer-replies/{replyId}': { values: { replyId: answerReply.body.id }, check: stillThere.answer },
      'DELETE /api/messaging/conversations/{memberId}/messages/{messageId}': {
        values: { memberId: ownerId, messageId },
        check: stillThere.message,
      },
      'DELETE /api/messaging/reminders/{reminderId}': { values: { reminderId }, check: stillThere.reminder },
    };
    // Routes keyed by the caller's own relation to something (a like, a follow, my side of a conversation, my
    // copy of a notice, my own report, assistant conversation or draft looked up under my id): another member can
    // only ever reach their own.
    const callerScoped = new Set([
      'DELETE /api/identity/follows/{memberId}',
      'DELETE /api/forum/likes/{targetKind}/{targetId}',
      'DELETE /api/forum/favourites/topic/{topicId}',
      'DELETE /api/qa/questions/{questionId}/like',
      'DELETE /api/qa/questions/{questionId}/favourite',
      'DELETE /api/qa/answers/{answerId}/like',
      'DELETE /api/qa/answer-replies/{replyId}/like',
      'DELETE /api/messaging/conversations/{memberId}',
      'DELETE /api/messaging/blocks/{memberId}',
      'DELETE /api/messaging/system-notifications/{notificationId}/for-me',
      'DELETE /api/moderation/reports/{id}',
      'DELETE /api/assistant/conversations/{id}',
      'DELETE /api/forum/drafts/{key}',
    ]);
    const derived = routes
      .filter((route) => (route.method === 'PATCH' || route.method === 'DELETE') && route.path.includes('{'))
      .filter((route) => !isStaffRoute(route))
      .map(nameOf);
    // Every PATCH/DELETE-by-id a member may call is attacked below or explained above: a new one fails here.
    expect(derived.filter((name) => !(name in ownerOnly) && !callerScoped.has(name))).toEqual([]);

    const wrong: string[] = [];
    for (const name of derived.filter((route) => route in ownerOnly)) {
      const route = routes.find((candidate) => nameOf(candidate) === name)!;
      const { values, check } = ownerOnly[name]!;
      // A valid edit for each kind of thing, so only the ownership check can refuse it.
      const edit = route.path.startsWith('/api/forum/topics')
        ? { title: 'Taken over', content: '<p>taken over</p>', tagIds: [forumTag.body.tagId] }
        : route.path.startsWith('/api/qa/questions')
          ? { title: 'Taken over', content: '<p>taken over</p>', tagIds: [qaTag.body.tagId] }
          : { content: '<p>taken over</p>' };
      const body = route.method === 'PATCH' ? edit : undefined;
      const response = await other.request<ErrorBody>(route.method, urlOf(route.path, values), body);
      if (![403, 404].includes(response.status)) wrong.push(`${name} → ${response.status} ${response.body?.code}`);
      await check();
    }
    expect(wrong).toEqual([]);
  }, 180_000);
  it('lets a member through on every member route and staff on every staff route (no blanket refusal)', async () => {
    const memberId = await s.member('sec_column');
    // These take a credential of their own (the refresh token, the sandbox provider's token, the metrics
    // scraper's token: metrics answer no member, tokens-uploads-headers proves who they answer).
    const ownCredential = new Set([
      'POST /api/identity/logout',
      'POST /refreshToken',
      'GET /api/identity/oauth-sandbox/userinfo',
      'GET /api/metrics',
    ]);
    const refused: string[] = [];
    for (const route of routes.filter((candidate) => !candidate.path.endsWith('/stream'))) {
      if (ownCredential.has(nameOf(route))) continue;
      const client = isStaffRoute(route) ? s.staff : s.t.client.as(memberId);
      const response = await send(client.from('10.12.0.1'), route);
      if ([401, 403].includes(response.status))
        refused.push(`${nameOf(route)} → ${response.status} ${response.body.code}`);
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
