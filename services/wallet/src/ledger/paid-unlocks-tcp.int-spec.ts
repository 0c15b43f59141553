import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Transport } from '@nestjs/microservices';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { newId, POINTS_MODULES, translateError } from '@forum/contracts';
import type { ErrorBody, UnlockResult, WalletView } from '@forum/contracts';
import { eventually, ForumFixture, startForum, startTestApp, TestApp, uniqueName } from '@forum/testing';
import { WalletModule } from '../wallet.module';
import { Ledger } from './ledger';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `wallet.payUnlock` between two services over the `@nestjs/microservices` TCP transport (ADR 0040), as the compose
 * stack runs it: the wallet's app answers peer commands on its peer port, the forum's names it in
 * `PEER_URLS=wallet=tcp://…`. The member sees what the all-in-one shows them, and a clear, retryable 503 while the
 * wallet cannot be reached.
 */
describe('paid unlocks across services: the peer command over TCP', () => {
  let wallet: TestApp;
  let forum: ForumFixture;
  let author: string;
  let tagId: string;

  beforeAll(async () => {
    const shared = {
      MONGO_DB_PREFIX: `${uniqueName('t')}_`,
      KAFKA_TOPIC_PREFIX: `${uniqueName('t')}.`,
    };
    const port = await freePort();
    wallet = await startTestApp([WalletModule], { env: { ...shared, SERVICE_NAME: 'wallet' } });
    wallet.app.connectMicroservice<MicroserviceOptions>({
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port },
    });
    await wallet.app.startAllMicroservices();
    forum = await startForum([], {
      env: { ...shared, SERVICE_NAME: 'forum', PEER_URLS: `wallet=tcp://127.0.0.1:${port}` },
    });
    author = await forum.member('tcp_author');
    tagId = await forum.tag('Peers over TCP');
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

  it("pays through the wallet service and brings its refusals back whole, in the member's language", async () => {
    const [reader, poor] = [await forum.member('tcp_reader'), await forum.member('tcp_poor')];
    await givePoints(reader, 50);
    await givePoints(poor, 5);
    const content = '<hide type="40" value="20"><p>TCP-MARK</p></hide>';
    const topicId = await forum.post(author, { title: 'Sold over TCP', content, tagIds: [tagId] });

    const unlock = (memberId: string, key?: string) =>
      forum.t.client
        .as(memberId)
        .withHeaders(key ? { 'idempotency-key': key } : {})
        .post<UnlockResult>(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 20 });
    const paid = await unlock(reader, 'tcp-unlock-1');
    expect([paid.status, paid.body.pricePaid, paid.body.blocks]).toEqual([
      200,
      20,
      [{ index: 0, html: '<p>TCP-MARK</p>' }],
    ]);
    await eventually(async () => expect(await pointsOf(reader)).toBe(30));

    const refused = await forum.t.client
      .as(poor)
      .inLanguage('zh-CN')
      .post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 20 });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'wallet.insufficient_points',
      translateError('wallet.insufficient_points', 'zh'),
    ]);
    await eventually(async () => expect(await pointsOf(poor)).toBe(5));
  });

  it('answers 503 common.peer_unavailable while the wallet cannot be reached, and charges nothing', async () => {
    const reader = await forum.member('tcp_waiting');
    await givePoints(reader, 50);
    const topicId = await forum.post(author, {
      title: 'Sold while the wallet is away',
      content: '<hide type="40" value="10"><p>AWAY</p></hide>',
      tagIds: [tagId],
    });
    await eventually(async () => expect(await pointsOf(reader)).toBe(50));
    await Promise.all(wallet.app.getMicroservices().map((service) => service.close()));
    const refused = await forum.t.client
      .as(reader)
      .post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 10 });
    expect([refused.status, refused.body.code]).toEqual([503, 'common.peer_unavailable']);
    // Nothing was booked for the reader beyond the test's credit (the wallet's own app is stopped with its server).
    expect(
      await forum.t
        .db('wallet')
        .collection('commits')
        .countDocuments({ streamId: `wallet-${reader}` }),
    ).toBe(1);
  });
});
