import { Inject, Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';

interface CredentialFields {
  _id: string;
  passwordHash?: string;
  hintQuestion?: string;
  hintAnswerHash?: string;
}

/**
 * Profile edits of identity's private `credentials` collection (see CredentialStore): field updates, so a
 * password change keeps the hint and a hint change keeps the password. Checking a password stays with
 * CredentialStore.passwordMatches (constant-time against a decoy).
 */
@Injectable()
export class ProfileCredentials {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get credentials() {
    return this.db.collection<CredentialFields>('credentials');
  }

  async setPassword(memberId: string, password: string): Promise<void> {
    await this.credentials.updateOne({ _id: memberId }, { $set: { passwordHash: await hash(password) } });
  }

  async setHint(memberId: string, question: string, answer: string): Promise<void> {
    await this.credentials.updateOne(
      { _id: memberId },
      { $set: { hintQuestion: question, hintAnswerHash: await hash(answer.trim()) } },
    );
  }

  async hintQuestionOf(memberId: string): Promise<string | null> {
    const found = await this.credentials.findOne({ _id: memberId }, { projection: { hintQuestion: 1 } });
    return found?.hintQuestion ?? null;
  }
}
