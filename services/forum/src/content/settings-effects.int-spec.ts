import { streamId } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { SiteSettingsCache } from '@forum/platform';
import { eventually, ForumFixture, startForum, TestApp } from '@forum/testing';
import { ForumModule } from '../forum.module';
import type { TopicDetail } from '../topics/topic.schemas';

/** Site settings that the forum obeys (docs/rules/moderation.md): IP location display and the number of mentions per item. */
describe('forum: site settings that change what members get', () => {
  let f: ForumFixture;
  let t: TestApp;
  let store: EventStore;
  let tagId: string;
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    f = await startForum();
    t = f.t;
    store = new EventStore('forum', t.db('forum'));
    tagId = await f.tag('settings');
    for (const name of ['writer', 'a', 'b', 'c']) {
      names[name] = `${name}_${Date.now().toString(36).slice(-5)}`;
      ids[name] = await f.member(names[name]);
    }
  });
  afterAll(() => t.close());

  async function change(settings: Record<string, unknown>, check: (cache: SiteSettingsCache) => void) {
    const changed = await t.client.as(f.staffId, 'staff').request('PATCH', '/api/moderation/settings', settings);
    expect(changed.status).toBe(200);
    const cache = t.app.select(ForumModule).get(SiteSettingsCache);
    await eventually(() => check(cache));
  }

  it('shows the IP location of a topic only while showIpLocation is on', async () => {
    const posted = await t.client
      .as(ids.writer!)
      .from('114.114.114.114')
      .post<{ topicId: string }>('/api/forum/topics', { title: 'Where from', content: '<p>here</p>', tagIds: [tagId] });
    expect(posted.status).toBe(201);
    const detail = () => t.client.anonymous().get<TopicDetail>(`/api/forum/topics/${posted.body.topicId}`);
    expect((await detail()).body.ipLocation).toBe('江苏省 南京市');

    await change({ showIpLocation: false }, (cache) => expect(cache.current().showIpLocation).toBe(false));
    expect((await detail()).body.ipLocation).toBeNull();

    await change({ showIpLocation: true }, (cache) => expect(cache.current().showIpLocation).toBe(true));
    expect((await detail()).body.ipLocation).toBe('江苏省 南京市');
  });

  it('resolves at most maxMentions mentions in topics, comments and replies', async () => {
    const content = `<p>@${names.a} @${names.b} @${names.c}</p>`;
    const mentionsOf = async (category: 'topic' | 'comment' | 'reply', id: string) => {
      const [first] = await store.readStream(streamId(category, id));
      return (first!.data as { mentions: string[] }).mentions;
    };
    const post = async () => {
      const topicId = await f.post(ids.writer!, { title: 'Mentions', content, tagIds: [tagId] });
      const comment = await t.client
        .as(ids.writer!)
        .post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, { content });
      expect(comment.status).toBe(201);
      const reply = await t.client
        .as(ids.writer!)
        .post<{ replyId: string }>(`/api/forum/comments/${comment.body.commentId}/replies`, { content });
      expect(reply.status).toBe(201);
      return Promise.all([
        mentionsOf('topic', topicId),
        mentionsOf('comment', comment.body.commentId),
        mentionsOf('reply', reply.body.replyId),
      ]);
    };

    const all = [ids.a, ids.b, ids.c];
    expect(await post()).toEqual([all, all, all]);

    await change({ forum: { maxMentions: 2 } }, (cache) => expect(cache.current().forum.maxMentions).toBe(2));
    const firstTwo = [ids.a, ids.b];
    expect(await post()).toEqual([firstTwo, firstTwo, firstTwo]);
  });
});
