import { createSigner } from 'fast-jwt';
import { newId, POINTS_MODULES } from '@forum/contracts';
import type { ErrorBody, UnlockResult, WalletView } from '@forum/contracts';
import { SiteSettingsCache } from '@forum/platform';
import { eventually, ForumFixture, startForum, startTestApp, TestApp, uniqueName } from '@forum/testing';
import { WalletModule } from '../wallet.module';
import { Ledger } from './ledger';

/**
 * `wallet.payUnlock` between two services (distributed mode): one app hosts the wallet and listens on a port, the
 * other hosts the forum with `PEER_URLS=wallet=…`, both on the same databases and Kafka topics. The forum's unlock
 * request pays over signed HTTP and gets the wallet's refusals back as its own; a forged peer token is refused.
 */
describe('paid unlocks across services: the peer command over HTTP', () => {
  let wallet: TestApp;
  let walletUrl: string;
  let forum: ForumFixture;
  let author: string;
  let tagId: string;

  beforeAll(async () => {
    const shared = {
      MONGO_DB_PREFIX: `${uniqueName('t')}_`,
      KAFKA_TOPIC_PREFIX: `${uniqueName('t')}.`,
    };
    wallet = await startTestApp([WalletModule], { env: { ...shared, SERVICE_NAME: 'wallet' } });
    walletUrl = await wallet.listen();
    forum = await startForum([], { env: { ...shared, SERVICE_NAME: 'forum', PEER_URLS: `wallet=${walletUrl}` } });
    author = await forum.member('peer_author');
    tagId = await forum.tag('Peers');
  });
  afterAll(async () => {
    await forum?.t.close();
    await wallet?.close();
  });

  async function givePoints(memberId: string, amount: number) {
    await wallet.app.get(Ledger).record(
      {
        type: 'CreditPoints',
        walletId: memberId,
        operationId: newId(),
        module: POINTS_MODULES.staffAdjustment,
        amount,
        remark: 'test funds',
        now: new Date(),
      },
      { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
    );
  }
  const pointsOf = async (memberId: string) =>
    (await wallet.client.as(memberId).get<WalletView>('/api/wallet/me')).body.points;

  it('pays through the wallet service and answers its refusals', async () => {
    const [reader, poor] = [await forum.member('peer_reader'), await forum.member('peer_poor')];
    await givePoints(reader, 50);
    await givePoints(poor, 5);
    const content = '<hide type="40" value="20"><p>PEER-MARK</p></hide>';
    const topicId = await forum.post(author, { title: 'Sold over HTTP', content, tagIds: [tagId] });

    const paid = await forum.t.client
      .as(reader)
      .post<UnlockResult>(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 20 });
    expect([paid.status, paid.body.pricePaid, paid.body.blocks]).toEqual([
      200,
      20,
      [{ index: 0, html: '<p>PEER-MARK</p>' }],
    ]);
    await eventually(async () => expect(await pointsOf(reader)).toBe(30));
    // The author also earned the points for posting this, their first topic (the wallet service saw it on Kafka).
    const posting = forum.t.app.get(SiteSettingsCache).current().points.topic;
    await eventually(async () => expect(await pointsOf(author)).toBe(20 + posting));

    const refused = await forum.t.client
      .as(poor)
      .post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 20 });
    expect([refused.status, refused.body.code]).toEqual([409, 'wallet.insufficient_points']);
    await eventually(async () => expect(await pointsOf(poor)).toBe(5));
  });

  it('refuses a peer call without a token signed with the shared secret', async () => {
    const reader = await forum.member('peer_forger');
    await givePoints(reader, 50);
    const call = (token?: string) =>
      fetch(`${walletUrl}/api/wallet/peer/payUnlock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-peer-token': token } : {}) },
        body: JSON.stringify({
          input: { topicId: newId(), readerId: reader, authorId: author, type: 40, price: 50 },
          meta: { actor: { kind: 'member', id: reader }, now: new Date().toISOString(), correlationId: newId() },
        }),
      });
    const forged = createSigner({ key: 'another-secret-another-secret-0123456', expiresIn: 60_000, aud: 'forum-peer' });
    expect((await call(forged({ sub: 'forum' }))).status).toBe(401);
    expect((await call()).status).toBe(401);
    await eventually(async () => expect(await pointsOf(reader)).toBe(50));
    expect(
      await wallet
        .db('wallet')
        .collection('commits')
        .countDocuments({ streamId: `wallet-${reader}` }),
    ).toBe(1);
    // The command is still there for a real peer: the same call signed with the shared secret pays.
    const genuine = createSigner({ key: wallet.config.JWT_SECRET, expiresIn: 60_000, aud: 'forum-peer' });
    const answer = await call(genuine({ sub: 'forum' }));
    expect([answer.status, ((await answer.json()) as { ok: boolean }).ok]).toEqual([200, true]);
    await eventually(async () => expect(await pointsOf(reader)).toBe(0));
  });
});
