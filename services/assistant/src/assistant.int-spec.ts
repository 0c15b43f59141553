import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS } from '@forum/contracts';
import { PermissionChecker, SiteSettingsCache, TokenService } from '@forum/platform';
import { eventually, ForumFixture, searchIndexReady, startForum } from '@forum/testing';
import type { TestClient } from '@forum/testing';
import { AssistantModule } from './assistant.module';
import type { ConversationSummary, ConversationView } from './conversations/conversations';
import type { AssistantStatus } from './conversations/conversations.controller';

interface StreamedAnswer {
  status: number;
  /** JSON error body when the question was refused. */
  refusal: { code: string; message: string } | null;
  events: { event: string; data: Record<string, unknown> }[];
  text: string;
  raw: string;
}

/** The member site's call: a POST answered with Server-Sent Events (or a JSON refusal). */
async function ask(client: TestClient, conversationId: string, question: string): Promise<StreamedAnswer> {
  const response = await client.post<unknown>(`/api/assistant/conversations/${conversationId}/messages`, {
    question,
  });
  const raw = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  if (!String(response.headers['content-type']).startsWith('text/event-stream')) {
    return { status: response.status, refusal: response.body as StreamedAnswer['refusal'], events: [], text: '', raw };
  }
  const events = raw
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice(7), data: JSON.parse(dataLine!.slice(6)) as Record<string, unknown> };
    });
  const text = events.flatMap((event) => (event.event === 'delta' ? [event.data.text as string] : [])).join('');
  return { status: response.status, refusal: null, events, text, raw };
}

const eventOf = (answer: StreamedAnswer, name: string) => answer.events.find((event) => event.event === name)?.data;

describe('the AI assistant', () => {
  let f: ForumFixture;
  let alice: string;
  let bob: string;
  let tag: string;
  let helpCategory: string;
  /** The topic with hidden blocks, and the marker they hold (the OpenAI provider's leak check reuses them). */
  const hidden = { topic: '', marker: '' };
  const staff = () => f.t.client.as(f.staffId, 'staff');
  const zh = (member: string) => f.t.client.as(member).inLanguage('zh-CN');
  const en = (member: string) => f.t.client.as(member).inLanguage('en-US');
  const settings = async (changes: Record<string, unknown>) => {
    const response = await staff().request('PATCH', '/api/moderation/settings', changes);
    expect(response.status).toBe(200);
  };
  const help = async (title: string, content: string) => {
    const response = await staff().post<{ id: string }>('/api/moderation/staff/help/articles', {
      categoryId: helpCategory,
      title,
      content,
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  /** Waits until the assistant context sees the member's permission and the switch as given. */
  const allowed = (member: string, expected: boolean) =>
    eventually(async () => {
      const status = await en(member).get<AssistantStatus>('/api/assistant/status');
      expect(status.body.allowed).toBe(expected);
    });
  /** Waits until the search finds `id` for `keyword` (the index follows events within seconds). */
  const searchable = (keyword: string, id: string) =>
    eventually(async () => {
      const found = await f.t.client.get<{ items: { id: string }[] }>(
        `/api/search?keyword=${encodeURIComponent(keyword)}`,
      );
      expect(found.body.items.map((item) => item.id)).toContain(id);
    });

  beforeAll(async () => {
    f = await startForum(['search', AssistantModule]);
    await searchIndexReady(f.t.app);
    alice = await f.member('assistant_alice');
    bob = await f.member('assistant_bob');
    tag = await f.tag('综合 General');
    const category = await staff().post<{ id: string }>('/api/moderation/staff/help/categories', { name: '账户' });
    helpCategory = category.body.id;
    const checker = f.t.app.select(AssistantModule).get(PermissionChecker);
    await eventually(async () => expect(await checker.can({ kind: 'member', id: bob }, 'aiAssistant')).toBe(true));
  });
  afterAll(() => f?.t.close());

  it('answers offline in Chinese from public topics and help articles, citing their links, labelled as such', async () => {
    const topic = await f.post(alice, {
      title: '如何给钱包充值余额',
      content: '<p>在钱包页面选择支付方式，输入金额即可充值。</p>',
      tagIds: [tag],
    });
    const article = await help('充值常见问题', '充值后余额没有到账？请在钱包页面查看充值记录。');
    await searchable('充值', topic);
    await searchable('充值', article);
    const conversation = randomUUID();
    const answer = await ask(zh(bob), conversation, '钱包怎么充值？');
    expect(answer.status).toBe(200);
    const cited = (eventOf(answer, 'sources')?.sources as { url: string }[]).map((source) => source.url);
    expect(cited).toEqual(expect.arrayContaining([`/thread?topicId=${topic}`, `/helpDetail?helpId=${article}`]));
    expect(eventOf(answer, 'start')).toMatchObject({ conversationId: conversation, provider: 'offline' });
    expect(answer.text).toMatch(/^\*\*离线助手\*\*/);
    expect(answer.text).toContain(`[如何给钱包充值余额](/thread?topicId=${topic})`);
    expect(answer.text).toContain(`[充值常见问题](/helpDetail?helpId=${article})`);
    // Help articles come first: they are the site's own word.
    expect(answer.text.indexOf('/helpDetail')).toBeLessThan(answer.text.indexOf('/thread'));
    expect(eventOf(answer, 'done')).toBeDefined();

    // The conversation is kept for its member, and only for them.
    const list = await zh(bob).get<{ items: ConversationSummary[] }>('/api/assistant/conversations');
    expect(list.body.items.map((item) => [item.conversationId, item.title])).toContainEqual([
      conversation,
      '钱包怎么充值？',
    ]);
    const one = await zh(bob).get<ConversationView>(`/api/assistant/conversations/${conversation}`);
    const last = one.body.messages.at(-1)!;
    expect(last).toMatchObject({ role: 'assistant', provider: 'offline', content: answer.text });
    expect(last.sources!.map((source) => source.url)).toContain(`/thread?topicId=${topic}`);
    expect((await zh(alice).get(`/api/assistant/conversations/${conversation}`)).status).toBe(404);
    const stolen = await ask(zh(alice), conversation, '我能继续别人的会话吗？');
    expect([stolen.status, stolen.refusal?.code]).toEqual([404, 'assistant.conversation_not_found']);
  });

  it('answers offline in English, and says so when nothing public matches', async () => {
    const topic = await f.post(alice, {
      title: 'Tuning Kafka consumers',
      content: '<p>Consumer lag grows when the projection writes one document at a time.</p>',
      tagIds: [tag],
    });
    const article = await help('Resetting your password', 'Open the login page and choose "forgot password".');
    await searchable('password', article);
    await searchable('consumer', topic);
    const answer = await ask(en(bob), randomUUID(), 'How do I reset my password?');
    expect(answer.text).toContain(`[Resetting your password](/helpDetail?helpId=${article})`);
    expect(answer.text).toMatch(/^\*\*Offline assistant\*\*/);
    const kafka = await ask(en(bob), randomUUID(), 'why does consumer lag grow');
    expect(kafka.text).toContain(`[Tuning Kafka consumers](/thread?topicId=${topic})`);
    const nothing = await ask(en(bob), randomUUID(), 'zyzzyva quokka');
    expect(nothing.text).toContain('Nothing in the help center or in public posts matches');
    expect(eventOf(nothing, 'sources')).toBeUndefined();
  });

  it('never shows what hidden blocks hold, in the answer, its sources or the kept conversation', async () => {
    const marker = `LEAK${Date.now().toString(36).toUpperCase()}`;
    hidden.marker = marker;
    const topic = await f.post(alice, {
      title: '隐藏内容的帖子 Hidden blocks',
      content: `<p>公开的介绍 public intro</p><hide type="10" value="pw">口令 ${marker}</hide><hide type="20">${marker} 回复可见</hide><hide type="30" value="1">${marker}</hide>`,
      tagIds: [tag],
    });
    hidden.topic = topic;
    await searchable('公开的介绍', topic);
    const conversation = randomUUID();
    const first = await ask(zh(bob), conversation, '隐藏内容的帖子 公开的介绍');
    expect(first.text).toContain(`/thread?topicId=${topic}`);
    const about = await ask(en(bob), conversation, 'Hidden blocks public intro');
    const secret = await ask(en(bob), conversation, marker);
    for (const answer of [first, about, secret]) expect(answer.raw).not.toContain(marker.slice(4));
    const kept = await en(bob).get<ConversationView>(`/api/assistant/conversations/${conversation}`);
    const answers = kept.body.messages.filter((message) => message.role === 'assistant');
    expect(JSON.stringify(answers)).not.toContain(marker);
    expect(secret.text).toContain('Nothing in the help center or in public posts matches');
  });

  it('refuses visitors, empty and too long questions, members without the permission, and a closed switch', async () => {
    const visitor = await ask(f.t.client.anonymous(), randomUUID(), 'hello');
    expect([visitor.status, visitor.refusal?.code]).toEqual([401, 'auth.unauthorized']);
    const empty = await ask(en(bob), randomUUID(), '   ');
    expect([empty.status, empty.refusal?.code]).toEqual([400, 'common.validation_failed']);
    const long = await ask(en(bob), randomUUID(), 'x'.repeat(2001));
    expect([long.status, long.refusal?.code]).toEqual([400, 'assistant.question_too_long']);
    expect(long.refusal?.message).toBe('The question is too long (at most 2000 characters).');
    expect((await ask(en(bob), 'not-a-uuid', 'hello')).status).toBe(404);

    const everything = MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null }));
    const role = (permissions: typeof everything) =>
      staff().request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, { permissions });
    try {
      expect((await role(everything.filter((entry) => entry.permission !== 'aiAssistant'))).status).toBe(200);
      await allowed(bob, false);
      const refused = await ask(zh(bob), randomUUID(), '你好');
      expect([refused.status, refused.refusal?.code]).toEqual([403, 'assistant.forbidden']);
      expect(refused.refusal?.message).toBe('您没有使用 AI 助手的权限。');
      const status = await en(bob).get<AssistantStatus>('/api/assistant/status');
      expect(status.body).toMatchObject({ enabled: true, allowed: false });
    } finally {
      expect((await role(everything)).status).toBe(200);
    }
    await allowed(bob, true);

    await settings({ switches: { aiAssistant: { enabled: false, message: 'Back on Monday' } } });
    try {
      await allowed(bob, false);
      const closed = await ask(en(bob), randomUUID(), 'hello');
      expect([closed.status, closed.refusal]).toEqual([
        403,
        expect.objectContaining({ code: 'assistant.disabled', message: 'Back on Monday' }),
      ]);
      const status = await en(bob).get<AssistantStatus>('/api/assistant/status');
      expect(status.body).toMatchObject({ enabled: false, allowed: false, message: 'Back on Monday' });
    } finally {
      await settings({ switches: { aiAssistant: { enabled: true, message: '' } } });
    }
    await allowed(bob, true);
  });

  it('limits the questions one member asks an hour, and lets members delete their conversations', async () => {
    const carol = await f.member('assistant_carol');
    await settings({ assistant: { perMemberPerHour: 2 } });
    try {
      await allowed(carol, true);
      await eventually(async () => expect(f.t.app.get(SiteSettingsCache).current().assistant.perMemberPerHour).toBe(2));
      const conversation = randomUUID();
      expect((await ask(en(carol), conversation, 'first')).status).toBe(200);
      expect((await ask(en(carol), conversation, 'second')).status).toBe(200);
      const third = await ask(en(carol), conversation, 'third');
      expect([third.status, third.refusal?.code]).toEqual([429, 'assistant.rate_limited']);
      // Another member's count is their own.
      expect((await ask(en(alice), randomUUID(), 'mine')).status).toBe(200);

      expect((await en(carol).request('DELETE', `/api/assistant/conversations/${conversation}`)).status).toBe(200);
      const list = await en(carol).get<{ items: ConversationSummary[] }>('/api/assistant/conversations');
      expect(list.body.items).toEqual([]);
      expect((await en(carol).get(`/api/assistant/conversations/${conversation}`)).status).toBe(404);
      expect((await en(alice).request('DELETE', `/api/assistant/conversations/${randomUUID()}`)).status).toBe(404);
    } finally {
      await settings({ assistant: { perMemberPerHour: 30 } });
    }
  });

  it('streams over a real connection as the browser reads it, event by event', async () => {
    const base = await f.t.listen();
    const token = f.t.app.get(TokenService).issueAccessToken({ sub: bob, kind: 'member' });
    const csrf = 'csrf-stream-test-0123456789';
    const response = await fetch(`${base}/api/assistant/conversations/${randomUUID()}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token},unused`,
        cookie: `cms_token=${csrf}`,
        'bbs-xsrf-token': csrf,
        'content-type': 'application/json',
        'accept-language': 'zh-CN',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ question: '钱包充值' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const text = await response.text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((name) => name === 'delta').length).toBeGreaterThan(1);
    expect(text).toContain('离线助手');
  });

  describe('with an OpenAI-compatible provider', () => {
    let server: Server;
    let mode: 'ok' | 'unauthorized' = 'ok';
    const seen: { authorization?: string; body: { messages: { role: string; content: string }[] } }[] = [];

    beforeAll(async () => {
      server = createServer((request, response) => {
        let raw = '';
        request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        request.on('end', () => {
          seen.push({ authorization: request.headers.authorization, body: JSON.parse(raw) as never });
          if (mode === 'unauthorized') {
            response.writeHead(401, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                error: { message: 'Invalid key', type: 'invalid_request_error', code: 'invalid_api_key' },
              }),
            );
            return;
          }
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          for (const piece of ['Here is ', '![chart](https://img.example/c.png) ', 'the answer.'])
            response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
          response.end('data: [DONE]\n\n');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await settings({ assistant: { provider: 'offline' } });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('streams its answer with the key staff set, which appears in no settings, event or answer', async () => {
      const key = `sk-integration-${Date.now()}`;
      expect((await staff().request('PUT', '/api/assistant/staff/api-key', { apiKey: key })).status).toBe(204);
      expect((await en(bob).request('PUT', '/api/assistant/staff/api-key', { apiKey: 'x' })).status).toBe(403);
      expect((await staff().get('/api/assistant/staff/api-key')).body).toMatchObject({ set: true });
      const port = (server.address() as AddressInfo).port;
      await settings({
        assistant: { provider: 'openai', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-model' },
      });

      const conversation = randomUUID();
      await eventually(async () => {
        const status = await en(bob).get<AssistantStatus>('/api/assistant/status');
        expect(status.body.provider).toBe('openai');
      });
      const answer = await ask(en(bob), conversation, 'What is the answer?');
      expect(eventOf(answer, 'start')).toMatchObject({ provider: 'openai' });
      expect(answer.text).toBe('Here is ![chart](https://img.example/c.png) the answer.');
      expect(eventOf(answer, 'done')).toBeDefined();
      expect(seen.at(-1)!.authorization).toBe(`Bearer ${key}`);
      expect(seen.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'What is the answer?' });

      const commits = await f.t.db('assistant').collection('commits').find({}).toArray();
      // The change is in the event log for the audit, under the staff member, without the key.
      expect(commits).toContainEqual(
        expect.objectContaining({
          streamId: 'apiKey-openai',
          events: [expect.objectContaining({ type: 'AssistantApiKeySet' })],
        }),
      );
      const settingsRead = await staff().get('/api/moderation/settings');
      for (const place of [commits, settingsRead.body, answer.raw]) expect(JSON.stringify(place)).not.toContain(key);

      // The provider gets public context about the hidden-blocks topic, never what its blocks hold.
      await ask(en(bob), randomUUID(), 'Hidden blocks public intro');
      const sent = JSON.stringify(seen.at(-1)!.body);
      expect(sent).toContain(`/thread?topicId=${hidden.topic}`);
      expect(sent).not.toContain(hidden.marker);

      mode = 'unauthorized';
      const failed = await ask(en(bob), conversation, 'Again?');
      expect(failed.status).toBe(200);
      expect(eventOf(failed, 'error')).toMatchObject({
        status: 502,
        code: 'assistant.provider_unauthorized',
        message: "The AI service refused the site's credentials. (Invalid key)",
        upstream: { status: 401, code: 'invalid_api_key' },
      });
      const kept = await en(bob).get<ConversationView>(`/api/assistant/conversations/${conversation}`);
      expect(kept.body.messages.at(-1)).toMatchObject({
        role: 'assistant',
        error: { status: 502, code: 'assistant.provider_unauthorized' },
      });
      mode = 'ok';
    });
  });
});
