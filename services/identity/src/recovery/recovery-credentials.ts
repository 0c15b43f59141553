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

/**
 * What recovery needs of the private credential store (the `credentials` collection of CredentialStore):
 * the hint, and replacing the password hash while keeping the hint.
 */
@Injectable()
export class RecoveryCredentials {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get credentials() {
    return this.db.collection<CredentialDocument>('credentials');
  }

  async hintQuestion(memberId: string): Promise<string | null> {
    return (await this.credentials.findOne({ _id: memberId }))?.hintQuestion ?? null;
  }

  async hintAnswerMatches(memberId: string, answer: string): Promise<boolean> {
    const stored = await this.credentials.findOne({ _id: memberId });
    if (!stored?.hintAnswerHash) return false;
    return verify(stored.hintAnswerHash, answer.trim()).catch(() => false);
  }

  async replacePassword(memberId: string, password: string): Promise<void> {
    await this.credentials.updateOne({ _id: memberId }, { $set: { passwordHash: await hash(password) } });
  }
}
