import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { definePeerCommand, errorStatus } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { loadConfig } from '../config';
import { PeerCommands } from './peer-commands';

const env = { MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:9092', JWT_SECRET: 'a'.repeat(32) };
const meta: CommandMetadata = {
  actor: { kind: 'member', id: 'm1' },
  now: new Date('2026-11-21T10:00:00Z'),
  correlationId: 'c1',
  idempotencyKey: 'k1',
};

const echo = definePeerCommand({
  name: 'wallet.echo',
  input: z.strictObject({ amount: z.number().int() }),
  answer: z.object({ input: z.object({ amount: z.number() }), actor: z.unknown(), at: z.string() }),
  errors: [],
});
const refuse = definePeerCommand({
  name: 'wallet.refuse',
  input: z.object({}),
  answer: z.null(),
  errors: ['wallet.insufficient_balance'],
});
/** Its answer does not match its schema: a peer built from another version, say. */
const garbled = definePeerCommand({
  name: 'wallet.garbled',
  input: z.object({}),
  answer: z.object({ paid: z.number().int() }),
  errors: [],
});
const ask = definePeerCommand({ name: 'qa.ask', input: z.object({}), answer: z.null(), errors: [] });

/** The wallet side: answers `wallet.echo` and refuses `wallet.refuse` with a domain error and its params. */
function walletSide(secret = env.JWT_SECRET): PeerCommands {
  const peers = new PeerCommands(loadConfig({ ...env, JWT_SECRET: secret }));
  peers.register(echo, async (input, received) => ({
    input,
    actor: received.actor,
    at: received.now.toISOString(),
  }));
  peers.register(refuse, async () => {
    throw new DomainError('wallet.insufficient_balance', { needed: 5 });
  });
  peers.register(garbled, async () => ({ paid: 'five' }) as unknown as { paid: number });
  return peers;
}

/** A tiny HTTP front for a peer registry, as the peer controller is in a service. */
async function serve(peers: PeerCommands): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const [, , context, , command] = request.url!.split('/');
      peers
        .answer(`${context}.${command}`, request.headers['x-peer-token'] as string | undefined, JSON.parse(body))
        .then((answer) => response.writeHead(200).end(JSON.stringify(answer)))
        .catch((error: DomainError) => response.writeHead(401).end(JSON.stringify({ code: error.code })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('peer commands', () => {
  it('calls a command of a context in this process directly, with the caller metadata', async () => {
    const peers = walletSide();
    await expect(peers.execute(echo, { amount: 5 }, meta)).resolves.toEqual({
      input: { amount: 5 },
      actor: meta.actor,
      at: '2026-11-21T10:00:00.000Z',
    });
  });

  it('sends a command to another service over HTTP and brings back its answer and its refusals', async () => {
    const wallet = await serve(walletSide());
    try {
      const forum = new PeerCommands(loadConfig({ ...env, PEER_URLS: `wallet=${wallet.url}/` }));
      await expect(forum.execute(echo, { amount: 5 }, meta)).resolves.toEqual({
        input: { amount: 5 },
        actor: meta.actor,
        at: '2026-11-21T10:00:00.000Z',
      });
      const refusal = await forum.execute(refuse, {}, meta).catch((error: DomainError) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'wallet.insufficient_balance', params: { needed: 5 } });
    } finally {
      wallet.close();
    }
  });

  it('validates the input where the handler runs and the answer where the caller gets it', async () => {
    const peers = walletSide();
    await expect(peers.execute(echo, { amount: 1.5 }, meta)).rejects.toMatchObject({
      code: 'common.validation_failed',
    });
    // @ts-expect-error the input is typed from the command's schema
    await expect(peers.execute(echo, { amount: 5, extra: 1 }, meta)).rejects.toMatchObject({
      code: 'common.validation_failed',
    });
    await expect(peers.execute(garbled, {}, meta)).rejects.toMatchObject({
      code: 'common.peer_answer_malformed',
      params: { command: 'wallet.garbled' },
    });
    const answer: { at: string } = await peers.execute(echo, { amount: 5 }, meta);
    expect(answer.at).toBe('2026-11-21T10:00:00.000Z');
  });

  it('refuses a malformed answer from another service and says a peer that is down is unavailable', async () => {
    const wallet = await serve(walletSide());
    const forum = new PeerCommands(loadConfig({ ...env, PEER_URLS: `wallet=${wallet.url}` }));
    try {
      await expect(forum.execute(garbled, {}, meta)).rejects.toMatchObject({ code: 'common.peer_answer_malformed' });
    } finally {
      wallet.close();
    }
    await expect(forum.execute(echo, { amount: 5 }, meta)).rejects.toMatchObject({
      code: 'common.peer_unavailable',
    });
    expect(errorStatus['common.peer_unavailable']).toBe(503);
  });

  it("spreads commands over a context's replicas and passes one to the next when a replica is down", async () => {
    const counted = (label: string, served: string[]) => {
      const peers = new PeerCommands(loadConfig(env));
      peers.register(echo, async (input, received) => {
        served.push(label);
        return { input, actor: received.actor, at: received.now.toISOString() };
      });
      return peers;
    };
    const served: string[] = [];
    const first = await serve(counted('first', served));
    const second = await serve(counted('second', served));
    try {
      const forum = new PeerCommands(loadConfig({ ...env, PEER_URLS: `wallet=${first.url}|${second.url}` }));
      for (let i = 0; i < 4; i++) await forum.execute(echo, { amount: i }, meta);
      expect(served).toEqual(['first', 'second', 'first', 'second']);

      first.close();
      served.length = 0;
      for (let i = 0; i < 4; i++) await expect(forum.execute(echo, { amount: i }, meta)).resolves.toBeTruthy();
      expect(served).toEqual(['second', 'second', 'second', 'second']);

      second.close();
      await expect(forum.execute(echo, { amount: 1 }, meta)).rejects.toMatchObject({ code: 'common.peer_unavailable' });
    } finally {
      first.close();
      second.close();
    }
  });

  it('defines a command once: its name says which context answers it', () => {
    expect(() => definePeerCommand({ name: 'wallet' as 'a.b', input: z.null(), answer: z.null(), errors: [] })).toThrow(
      '<context>.<command>',
    );
    expect(Object.isFrozen(echo)).toBe(true);
  });

  it('refuses a caller that does not hold the shared secret', async () => {
    const wallet = await serve(walletSide());
    try {
      const stranger = new PeerCommands(
        loadConfig({ ...env, JWT_SECRET: 'b'.repeat(32), PEER_URLS: `wallet=${wallet.url}` }),
      );
      await expect(stranger.execute(echo, { amount: 1 }, meta)).rejects.toThrow('HTTP 401');
    } finally {
      wallet.close();
    }
  });

  it('names the missing configuration when the owning context is elsewhere and unknown', async () => {
    await expect(new PeerCommands(loadConfig(env)).execute(ask, {}, meta)).rejects.toThrow('PEER_URLS');
    expect(() => loadConfig({ ...env, PEER_URLS: 'wallet=ftp://x' })).toThrow('PEER_URLS');
  });
});
