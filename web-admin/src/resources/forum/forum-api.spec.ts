import { describe, expect, it } from 'vitest';
import { providerOver } from '../../testing/provider-over';

describe('forumVerbs: the pin', () => {
  it('pinTopic(id, weight) posts the weight to the topic', async () => {
    const { api, dataProvider } = providerOver({
      'POST /api/forum/topics/t-1/pin': { json: { topicId: 't-1', version: 3 } },
    });
    expect(await dataProvider.pinTopic('t-1', 50)).toEqual({ data: { topicId: 't-1', version: 3 } });
    expect(api.requests[0]).toMatchObject({ method: 'POST', body: '{"weight":50}' });
    expect(api.requests[0]!.headers).toMatchObject({
      'idempotency-key': 'key-1',
      'bbs-xsrf-token': 'csrf-secret-0123456789',
    });
  });
});
