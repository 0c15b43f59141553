import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';

const SECRETS = 'assistant_secrets';
const OPENAI = 'openai';

/**
 * The OpenAI-compatible provider's API key: staff set it, only the adapter reads it. Never in settings, events or
 * any answer (ADR 0022) — like the OAuth client secrets identity keeps.
 */
@Injectable()
export class AssistantApiKey {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async set(apiKey: string, at: Date): Promise<void> {
    await this.db
      .collection<{ _id: string; apiKey: string; setAt: Date }>(SECRETS)
      .updateOne({ _id: OPENAI }, { $set: { apiKey, setAt: at } }, { upsert: true });
  }

  async clear(): Promise<void> {
    await this.db.collection<{ _id: string }>(SECRETS).deleteOne({ _id: OPENAI });
  }

  async get(): Promise<string> {
    const found = await this.db.collection<{ _id: string; apiKey: string }>(SECRETS).findOne({ _id: OPENAI });
    return found?.apiKey ?? '';
  }

  /** Whether a key is set and since when: all the console may know. */
  async state(): Promise<{ set: boolean; setAt: string | null }> {
    const found = await this.db.collection<{ _id: string; setAt?: Date }>(SECRETS).findOne({ _id: OPENAI });
    return { set: !!found, setAt: found?.setAt?.toISOString() ?? null };
  }
}
