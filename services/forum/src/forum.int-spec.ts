import type { ErrorBody, Page } from '@forum/contracts';
import { startTestApp, TestApp } from '@forum/testing';
import { ForumModule } from './forum.module';
import type { PostedTopic, TopicRow } from './topics/topic.schemas';

describe('forum slice over HTTP: post a topic → TopicPosted → Kafka → topic list', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp([ForumModule]);
  });
  afterAll(() => t.close());

  const commits = () => t.db('forum').collection('commits').countDocuments();

  it('shows a posted topic on the very next list request (read your writes)', async () => {
    const posted = await t.client.as('member-7').post<PostedTopic>('/api/forum/topics', {
      title: '  First topic  ',
      content: 'Hello forum',
      tagIds: ['news'],
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ version: 1, visible: true });

    const list = await t.client.anonymous().get<Page<TopicRow>>('/api/forum/topics?page=1&pageSize=20&_t=123');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      topicId: posted.body.topicId,
      title: 'First topic',
      summary: 'Hello forum',
      tagIds: ['news'],
      authorId: 'member-7',
      commentCount: 0,
    });
  });

  it('accepts the member site form-urlencoded bodies, with repeated keys as lists', async () => {
    const posted = await t.client
      .as('member-8')
      .asForm()
      .post<PostedTopic>('/api/forum/topics', {
        title: 'Form topic',
        content: 'Sent as a form',
        tagIds: ['a', 'b'],
      });
    expect(posted.status).toBe(201);
    const list = await t.client.get<Page<TopicRow>>('/api/forum/topics');
    expect(list.body.items.find((row) => row.topicId === posted.body.topicId)).toMatchObject({ tagIds: ['a', 'b'] });
  });

  it.each([
    [
      'missing title',
      { content: 'x' },
      400,
      'common.validation_failed',
      [{ field: 'title', code: 'validation.required' }],
    ],
    [
      'a 10,000-character title',
      { title: 'x'.repeat(10_000), content: 'x' },
      400,
      'common.validation_failed',
      [{ field: 'title', code: 'validation.too_long' }],
    ],
    [
      'wrong types',
      { title: 42, content: ['x'] },
      400,
      'common.validation_failed',
      [
        { field: 'title', code: 'validation.invalid_type' },
        { field: 'content', code: 'validation.invalid_type' },
      ],
    ],
    [
      'unknown fields',
      { title: 't', content: 'c', authorId: 'someone-else', pinned: true },
      400,
      'common.validation_failed',
      [
        { field: 'authorId', code: 'validation.unknown_field' },
        { field: 'pinned', code: 'validation.unknown_field' },
      ],
    ],
  ])('refuses %s with field errors and writes nothing', async (_case, body, status, code, fieldErrors) => {
    const before = await commits();
    const response = await t.client.as('member-9').post<ErrorBody>('/api/forum/topics', body);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(response.body.fieldErrors).toEqual(fieldErrors.map((fe) => expect.objectContaining(fe)));
    expect(response.body.fieldErrors!.every((fe) => fe.message.length > 0)).toBe(true);
    expect(await commits()).toBe(before);
  });

  it('refuses a visitor, a forged token, a missing CSRF header and malformed JSON, writing nothing', async () => {
    const before = await commits();
    const body = { title: 't', content: 'c' };
    const visitor = await t.client.anonymous().post<ErrorBody>('/api/forum/topics', body);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'auth.unauthorized']);
    const forged = await t.client
      .withHeaders({ authorization: 'Bearer a.b.c,r' })
      .post<ErrorBody>('/api/forum/topics', body);
    expect([forged.status, forged.body.code]).toEqual([401, 'auth.token_invalid']);
    const noCsrf = await t.client.as('member-9').withoutCsrf().post<ErrorBody>('/api/forum/topics', body);
    expect([noCsrf.status, noCsrf.body.code]).toEqual([403, 'csrf.invalid']);
    const malformed = await t.client.as('member-9').post<ErrorBody>('/api/forum/topics', '{"title": ');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'common.malformed_request']);
    expect(await commits()).toBe(before);
  });

  it('answers in the caller language and with a correlation id', async () => {
    const response = await t.client
      .as('member-9')
      .inLanguage('zh-CN')
      .post<ErrorBody>('/api/forum/topics', { content: 'x' });
    expect(response.body.message).toBe('部分字段填写不正确。');
    expect(response.body.fieldErrors?.[0]?.message).toBe('不能为空。');
    expect(response.body.correlationId).toBe(response.headers['x-correlation-id']);
  });

  it('validates list paging', async () => {
    const response = await t.client.get<ErrorBody>('/api/forum/topics?page=0&pageSize=1000');
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.map((fe) => fe.field)).toEqual(['page', 'pageSize']);
  });

  it('limits the rate of writes per member', async () => {
    const limited = await startTestApp([ForumModule], { env: { RATE_LIMIT_WRITES_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await limited.client.as('spammer').post('/api/forum/topics', { title: `t${i}`, content: 'c' })).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
