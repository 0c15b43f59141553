import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { z } from 'zod';
import { definePeerCommand, translateError } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { APP_CONFIG, loadConfig } from '../config';
import { PeerCommands } from './peer-commands';
import { PeerMessageController } from './peer-message.controller';

/**
 * A peer command between two Nest applications over the real `@nestjs/microservices` TCP transport (ADR 0040): the
 * wallet's side is a Nest microservice answering on a port, the forum's side an application whose `PEER_URLS` names
 * it. What a member would notice: the same refusal (code, params, field errors) as in the all-in-one, a clear
 * retryable error while the wallet is down, and the answer again once it is back.
 */
const secret = 'peer-transport-secret-'.padEnd(40, 'x');
const env = { MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:9092', JWT_SECRET: secret };

const pay = definePeerCommand({
  name: 'wallet.payTest',
  input: z.strictObject({ readerId: z.string().min(1), price: z.number().int().positive() }),
  answer: z.object({ paid: z.number().int(), at: z.string(), idempotencyKey: z.string().nullable() }),
  errors: ['wallet.insufficient_balance', 'common.validation_failed'],
});
const garbled = definePeerCommand({
  name: 'wallet.garbledTest',
  input: z.object({}),
  answer: z.object({ paid: z.number().int() }),
  errors: [],
});

const meta = (idempotencyKey?: string): CommandMetadata => ({
  actor: { kind: 'member', id: 'reader-1' },
  now: new Date('2026-11-28T01:00:00Z'),
  correlationId: 'peer-transport',
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startWallet(port: number): Promise<INestMicroservice> {
  @Module({
    controllers: [PeerMessageController],
    providers: [{ provide: APP_CONFIG, useValue: loadConfig({ ...env, SERVICE_NAME: 'wallet' }) }, PeerCommands],
  })
  class WalletSide {}
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(WalletSide, {
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port },
    logger: false,
  });
  const peers = app.get(PeerCommands);
  peers.register(pay, async (input, received) => {
    if (input.price > 100) throw new DomainError('wallet.insufficient_balance', { needed: input.price - 100 });
    return { paid: input.price, at: received.now.toISOString(), idempotencyKey: received.idempotencyKey ?? null };
  });
  peers.register(garbled, async () => ({ paid: 'a lot' }) as unknown as { paid: number });
  await app.listen();
  return app;
}

describe('peer commands over the @nestjs/microservices TCP transport', () => {
  let port: number;
  let wallet: INestMicroservice | undefined;
  let forum: INestApplicationContext;
  let peers: PeerCommands;

  beforeAll(async () => {
    port = await freePort();
    wallet = await startWallet(port);
    @Module({
      providers: [
        {
          provide: APP_CONFIG,
          useValue: loadConfig({ ...env, SERVICE_NAME: 'forum', PEER_URLS: `wallet=tcp://127.0.0.1:${port}` }),
        },
        PeerCommands,
      ],
    })
    class ForumSide {}
    forum = await NestFactory.createApplicationContext(ForumSide, { logger: false });
    peers = forum.get(PeerCommands);
  });

  afterAll(async () => {
    await forum?.close();
    await wallet?.close();
  });

  it('answers across processes with the metadata the caller sent (time, idempotency key)', async () => {
    await expect(peers.execute(pay, { readerId: 'reader-1', price: 25 }, meta('key-1'))).resolves.toEqual({
      paid: 25,
      at: '2026-11-28T01:00:00.000Z',
      idempotencyKey: 'key-1',
    });
  });

  it('brings a domain refusal back with its code and params, so the member reads the same message', async () => {
    const refusal = await peers
      .execute(pay, { readerId: 'reader-1', price: 130 }, meta())
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'wallet.insufficient_balance', params: { needed: 30 } });
    // The input is checked where the handler runs: a caller built against another version is refused, not obeyed.
    await expect(peers.execute(pay, { readerId: 'reader-1', price: -1 }, meta())).rejects.toMatchObject({
      code: 'common.validation_failed',
    });
  });

  it('refuses an answer that does not match the command, with a clear code', async () => {
    const error = await peers.execute(garbled, {}, meta()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'common.peer_answer_malformed', params: { command: 'wallet.garbledTest' } });
    expect(translateError('common.peer_answer_malformed', 'en', {})).toMatch(/could not understand/);
  });

  it('says a peer that is down is unavailable (retryable), and answers again once it is back', async () => {
    await wallet!.close();
    wallet = undefined;
    const error = await peers
      .execute(pay, { readerId: 'reader-1', price: 5 }, meta())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'common.peer_unavailable', params: { command: 'wallet.payTest' } });
    expect(translateError('common.peer_unavailable', 'zh', {})).toMatch(/稍后再试/);
    wallet = await startWallet(port);
    await expect(peers.execute(pay, { readerId: 'reader-1', price: 5 }, meta())).resolves.toMatchObject({ paid: 5 });
  });
});
