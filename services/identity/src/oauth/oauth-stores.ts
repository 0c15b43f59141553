import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
/** PKCE S256: the challenge sent with the authorization request, from the verifier kept here. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export interface PendingLogin {
  provider: string;
  codeVerifier: string;
  redirectUri: string;
  jumpUrl: string | null;
}

interface StateDocument extends PendingLogin {
  _id: string;
  expiresAt: Date;
}

/**
 * The `state` of each authorization request, kept server-side (by hash) with its PKCE verifier: valid 10 minutes,
 * consumed by the first callback that presents it.
 */
@Injectable()
export class OAuthStates {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async create(login: PendingLogin, now: Date): Promise<string> {
    const state = randomToken();
    await this.db
      .collection<StateDocument>('oauth_states')
      .insertOne({ _id: sha256(state), ...login, expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS) });
    return state;
  }

  /** The pending login of `state`, once: a replayed or expired state gives null. */
  async consume(state: string, now: Date): Promise<PendingLogin | null> {
    const found = await this.db.collection<StateDocument>('oauth_states').findOneAndDelete({ _id: sha256(state) });
    if (!found || found.expiresAt.getTime() <= now.getTime()) return null;
    const { provider, codeVerifier, redirectUri, jumpUrl } = found;
    return { provider, codeVerifier, redirectUri, jumpUrl };
  }
}

/** Providers' client secrets: staff set them, only the code exchange reads them. Never in settings or events. */
@Injectable()
export class OAuthClientSecrets {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async set(providerId: string, clientSecret: string): Promise<void> {
    await this.db
      .collection<{ _id: string; clientSecret: string }>('oauth_client_secrets')
      .updateOne({ _id: providerId }, { $set: { clientSecret } }, { upsert: true });
  }

  async get(providerId: string): Promise<string> {
    const found = await this.db
      .collection<{ _id: string; clientSecret: string }>('oauth_client_secrets')
      .findOne({ _id: providerId });
    return found?.clientSecret ?? '';
  }
}
