import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';

interface CredentialDocument {
  _id: string;
  passwordHash: string;
  hintQuestion?: string;
  hintAnswerHash?: string;
}

/** Checked against when an account is unknown, so a wrong account costs the same time as a wrong password. */
let decoyHash: Promise<string> | null = null;

/**
 * Identity's private store of secrets (argon2id hashes), outside the event log on purpose: events are
 * published to every context, secrets must not be. Written before the registration event, so a member
 * who exists always has credentials; an orphan credential (crash in between) is harmless.
 */
@Injectable()
export class CredentialStore {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get credentials() {
    return this.db.collection<CredentialDocument>('credentials');
  }

  async save(ownerId: string, password: string, hint?: { question: string; answer: string }): Promise<void> {
    const document: CredentialDocument = { _id: ownerId, passwordHash: await hash(password) };
    if (hint) {
      document.hintQuestion = hint.question;
      document.hintAnswerHash = await hash(hint.answer.trim());
    }
    await this.credentials.replaceOne({ _id: ownerId }, document, { upsert: true });
  }

  async passwordMatches(ownerId: string | null, password: string): Promise<boolean> {
    const stored = ownerId ? await this.credentials.findOne({ _id: ownerId }) : null;
    decoyHash ??= hash('decoy password, never matches');
    const matches = await verify(stored?.passwordHash ?? (await decoyHash), password).catch(() => false);
    return stored !== null && matches;
  }
}
