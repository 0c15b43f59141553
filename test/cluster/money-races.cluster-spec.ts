import { randomUUID } from 'node:crypto';
import { BALANCE_MODULES } from '@forum/contracts';
import type { BalanceEntryView, ErrorBody, Page, QuestionWritten, WalletView } from '@forum/contracts';
import { defineRole, eventually } from '@forum/testing';
import type { AnswerWritten } from '../../services/qa/src/answers/answer.commands';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import type { CardView, OrderView } from '../../services/wallet/src/membership/membership.reader';
import { notifyForm, SandboxGateway, SANDBOX_TRADES } from '../../services/wallet/src/payments/sandbox/sandbox-gateway';
import type { SandboxTrade } from '../../services/wallet/src/payments/sandbox/sandbox-gateway';
import { WALLET_CONFIG } from '../../services/wallet/src/payments/wallet-config';
import type { WalletConfig } from '../../services/wallet/src/payments/wallet-config';
import { expectAuditPasses, fund } from '../fault/fault-support';
import { startClusterFixture } from './cluster-support';
import type { ClusterFixture } from './cluster-support';

/**
 * The money races of issue 23 beyond the red envelope (ADR 0051): the same purchase, adoption or gateway notify sent
 * at once to both wallet replicas and through nginx. Each spec holds what a member or an auditor sees: the answers,
 * the balances over HTTP, the member's ledger rows, the ledger audit.
 */
describe('cluster: money raced over replicas', () => {
  let c: ClusterFixture;
  const stamp = Date.now().toString(36);
  /** Every route a wallet request can take: each replica directly, and nginx's choice. */
  const WALLET_ROUTES = ['wallet-1', 'wallet-2', null];

  beforeAll(async () => {
    c = await startClusterFixture();
  }, 240_000);
  afterAll(async () => {
    await c?.f.t.close();
  }, 60_000);

  const walletOf = async (member: string) => (await c.nginx.as(member).get<WalletView>('/api/wallet/me')).body;
  /** The member's balance ledger rows (their wallet page), by module. */
  const rowsOf = async (member: string, module: number) =>
    (
      await c.nginx.as(member).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries?pageSize=100')
    ).body.items.filter((row) => row.module === module);

  it('a card with 3 units bought by 6 members at once, each over both wallet replicas and nginx: 3 sold, each charged once', async () => {
    const stock = 3;
    const since = Date.now();
    const staff = c.nginx.as(c.f.staffId, 'staff');
    const ledger = c.f.t.app.get(Ledger);
    const buyersFunded = Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const buyer = await c.f.member(`card_buyer${i}_${stamp}`);
        await fund(ledger, buyer, { fen: 10_000 });
        return buyer;
      }),
    );
    const roleId = await defineRole(c.f.t.app, c.f.staffId, {
      name: `Race VIP ${stamp}`,
      kind: 'member',
      isDefault: false,
      permissions: [{ permission: 'topic.view', tagIds: null }],
    });
    // The role reaches the wallet replicas' copy through Kafka: until then the card is refused.
    let card: CardView | undefined;
    await eventually(
      async () => {
        const created = await staff.post<CardView>('/api/wallet/staff/membership-cards', {
          name: `Race card ${stamp}`,
          subtitle: 'Few of them',
          introduction: 'Only three.',
          descriptionTags: ['rare'],
          onSale: true,
          roleId,
          specifications: [
            {
              name: 'One month',
              price: '30.00',
              points: 0,
              marketPrice: '45.00',
              duration: 1,
              unit: 'month',
              enabled: true,
              stock,
            },
          ],
        });
        expect(created.status).toBe(201);
        card = created.body;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const specId = card!.specifications[0]!.specId;
    const buyers = await buyersFunded;
    // The card on sale on each replica (its read model) before the race.
    await eventually(async () => {
      for (const route of WALLET_ROUTES)
        expect((await c.send(route, { url: `/api/wallet/membership-cards/${card!.cardId}` })).status).toBe(200);
    });

    const raced = Date.now();
    // Each member's confirm, as the member site sends it (one Idempotency-Key per order), three times at once: the
    // retries of one order must be that order, never a second unit or a second charge.
    const answers = await Promise.all(
      buyers.flatMap((buyer) => {
        const key = randomUUID();
        return WALLET_ROUTES.map(async (route) => {
          const answer = await c.send<OrderView & ErrorBody>(route, {
            method: 'POST',
            url: `/api/wallet/membership-cards/${card!.cardId}/specifications/${specId}/purchase`,
            as: buyer,
            headers: { 'idempotency-key': key },
          });
          return { buyer, route, status: answer.status, orderId: answer.body.orderId, code: answer.body.code };
        });
      }),
    );
    const odd = answers.filter(
      (a) => !(a.status === 200 || (a.status === 409 && a.code === 'wallet.membership_sold_out')),
    );
    expect(odd).toEqual([]);
    const sold = new Map<string, string>();
    for (const a of answers.filter((x) => x.status === 200)) {
      if (sold.has(a.buyer)) expect(a.orderId).toBe(sold.get(a.buyer));
      sold.set(a.buyer, a.orderId);
    }
    expect(sold.size).toBe(stock);
    // A member's attempts agree: bought on one route is bought on all three.
    for (const buyer of buyers)
      expect({ buyer, statuses: answers.filter((a) => a.buyer === buyer).map((a) => a.status) }).toEqual({
        buyer,
        statuses: Array(WALLET_ROUTES.length).fill(sold.has(buyer) ? 200 : 409),
      });

    await eventually(
      async () => {
        for (const buyer of buyers) {
          const paid = sold.has(buyer);
          expect({ buyer, wallet: await walletOf(buyer) }).toMatchObject({
            buyer,
            wallet: { available: paid ? 7_000 : 10_000, frozen: 0 },
          });
          const rows = await rowsOf(buyer, BALANCE_MODULES.membershipCard);
          expect({ buyer, rows: rows.map((r) => r.amount) }).toEqual({ buyer, rows: paid ? [-3_000] : [] });
          const orders = (await c.nginx.as(buyer).get<Page<OrderView>>('/api/wallet/me/membership-orders?pageSize=100'))
            .body.items;
          expect({ buyer, orders: orders.map((o) => o.orderId) }).toEqual({
            buyer,
            orders: paid ? [sold.get(buyer)] : [],
          });
        }
        const left = await staff.get<CardView>(`/api/wallet/staff/membership-cards/${card!.cardId}`);
        expect(left.body.specifications[0]!.stock).toBe(0);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await expectAuditPasses(c.f.t.db('wallet'));
    console.log(`money races: card setup ${raced - since} ms, race and checks ${Date.now() - raced} ms`);
  }, 240_000);

  it('the asker adopts two answers several times at once through nginx and qa: one answer wins, paid once', async () => {
    const since = Date.now();
    const members = Promise.all(['asker', 'first', 'second'].map((who) => c.f.member(`bounty_${who}_${stamp}`))).then(
      async (ids) => {
        await fund(c.f.t.app.get(Ledger), ids[0]!, { fen: 10_000 });
        return ids as [string, string, string];
      },
    );
    // Q&A has tags of its own; the staff's grant reaches qa's copy through Kafka.
    let qaTagId = '';
    await eventually(
      async () => {
        const created = await c.nginx
          .as(c.f.staffId, 'staff')
          .post<{ tagId: string }>('/api/qa/tags', { name: `money-${stamp}`, parentId: null });
        expect(created.status).toBe(201);
        qaTagId = created.body.tagId;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const [asker, first, second] = await members;
    // A 20.00 yuan bounty, once the tag is in qa's read model.
    let questionId = '';
    await eventually(
      async () => {
        const asked = await c.nginx.as(asker).post<QuestionWritten & ErrorBody>('/api/qa/questions', {
          title: `Race bounty ${stamp}`,
          content: '<p>Which one?</p>',
          tagIds: [qaTagId],
          bountyAmount: '20.00',
        });
        expect({ status: asked.status, body: asked.body }).toMatchObject({ status: 201 });
        questionId = asked.body.questionId;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await eventually(async () => expect(await walletOf(asker)).toMatchObject({ available: 8_000, frozen: 2_000 }));
    const answerIds = new Map<string, string>();
    for (const answerer of [first, second]) {
      const posted = await c.nginx
        .as(answerer)
        .post<AnswerWritten>(`/api/qa/questions/${questionId}/answers`, { content: `<p>Mine, ${answerer}</p>` });
      expect(posted.status).toBe(201);
      answerIds.set(answerer, posted.body.id);
    }

    const raced = Date.now();
    // Adoption is qa's route (one replica), the payout a peer command qa sends to the wallet replicas in turn: each
    // answer adopted three times through nginx and three times on qa-1, all at once.
    const routes = [null, 'qa-1', null, 'qa-1', null, 'qa-1'];
    const answers = await Promise.all(
      [first, second].flatMap((answerer) =>
        routes.map(async (route) => {
          const answer = await c.send<QuestionWritten & ErrorBody>(route, {
            url: `/api/qa/questions/${questionId}/adopt`,
            as: asker,
            json: { answerId: answerIds.get(answerer)! },
          });
          return { answerer, status: answer.status, code: answer.body.code };
        }),
      ),
    );
    const winners = new Set(answers.filter((a) => a.status === 200).map((a) => a.answerer));
    expect(winners.size).toBe(1);
    const winner = [...winners][0]!;
    const loser = winner === first ? second : first;
    // Every retry of the winning adoption is told it is done; every adoption of the other answer is refused.
    expect(answers.filter((a) => a.answerer === winner).map((a) => [a.status, a.code])).toEqual(
      routes.map(() => [200, undefined]),
    );
    expect(answers.filter((a) => a.answerer === loser).map((a) => a.code)).toEqual(
      routes.map(() => 'qa.already_adopted'),
    );

    await eventually(
      async () => {
        // The asker: the bounty frozen once and spent once.
        expect(await walletOf(asker)).toMatchObject({ available: 8_000, frozen: 0 });
        expect((await rowsOf(asker, BALANCE_MODULES.bountyHeld)).map((r) => r.kind)).toEqual(['freeze']);
        expect((await rowsOf(asker, BALANCE_MODULES.bountyAwarded)).map((r) => r.kind)).toEqual(['spend']);
        // The winner: one award (the bounty less the platform's share); the other answerer nothing.
        const paid = await rowsOf(winner, BALANCE_MODULES.bountyAwarded);
        expect(paid).toHaveLength(1);
        expect(paid[0]!.amount).toBeGreaterThan(0);
        expect(paid[0]!.amount).toBeLessThanOrEqual(2_000);
        expect((await walletOf(winner)).available).toBe(paid[0]!.amount);
        expect(await rowsOf(loser, BALANCE_MODULES.bountyAwarded)).toEqual([]);
        expect((await walletOf(loser)).available).toBe(0);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await expectAuditPasses(c.f.t.db('wallet'));
    console.log(`money races: bounty setup ${raced - since} ms, race and checks ${Date.now() - raced} ms`);
  }, 240_000);

  it("the gateway's notify of one paid recharge delivered 12 times at once over both wallet replicas and nginx: credited once", async () => {
    const member = await c.f.member(`recharge_${stamp}`);
    const started = await c.nginx
      .as(member)
      .post<{ intentId: string }>('/api/wallet/recharges', { amount: '50', provider: 'sandbox' });
    expect({ status: started.status, body: started.body }).toMatchObject({ status: 200 });
    const { intentId } = started.body;
    // The payer pays on the sandbox checkout; the helper's gateway stays silent, so the notifies below are the only
    // ones (the replicas' gateways deliver only trades marked due).
    const gateway = c.f.t.app.get(SandboxGateway);
    gateway.setMode('silent');
    expect(await gateway.decide(intentId, 'pay')).toMatchObject({ status: 'paid' });
    const trade = (await c.f.t.db('wallet').collection<SandboxTrade>(SANDBOX_TRADES).findOne({ _id: intentId }))!;
    const form = notifyForm(trade, c.f.t.app.get<WalletConfig>(WALLET_CONFIG).sandboxSecret);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => WALLET_ROUTES).flatMap((routes) =>
        routes.map(async (route) => {
          const answer = await c.send<string>(route, { url: '/api/wallet/payments/notify/sandbox', form });
          return [answer.status, answer.body];
        }),
      ),
    );
    // The gateway is told "success" every time: it stops resending, and no delivery is an error.
    expect(answers).toEqual(answers.map(() => [200, 'success']));
    await eventually(
      async () => {
        expect(await walletOf(member)).toMatchObject({ available: 5_000, frozen: 0 });
        expect((await rowsOf(member, BALANCE_MODULES.recharge)).map((r) => r.amount)).toEqual([5_000]);
        const payment = await c.nginx.as(member).get<{ status: string }>(`/api/wallet/payments/${intentId}`);
        expect(payment.body.status).toBe('paid');
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await expectAuditPasses(c.f.t.db('wallet'));
  }, 180_000);
});
