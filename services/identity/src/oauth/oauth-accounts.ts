import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId, stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata, OAuthLinkEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, withoutForbiddenCharacters } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { memberDecider } from '../members/member.decider';
import { MEMBERS, MemberDocument, memberDirectoryProjection } from '../projections/member-directory.projection';
import { reservationDecider } from '../reservations/reservation.decider';
import { oauthLinkDecider } from './oauth-link.decider';
import type { ProviderUser } from './oauth-provider';

const NAME_TRIES = 8;
const NICKNAME_MAX = 15;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
/** Ten digits derived from the text: the same member always tries the same names, so retries converge. */
const digitsOf = (text: string, count: number) =>
  (BigInt(`0x${digest(text)}`) % 10n ** BigInt(count)).toString().padStart(count, '0');

/**
 * The member behind a third-party account. The link stream (`oauthLink-<provider>.<hash>`) decides who owns the
 * account, so concurrent first logins agree on one member; the registration steps that follow are idempotent for
 * that member (names derived from its id), so whoever finishes them — the first login, or a later one after a
 * crash — ends with the same member.
 */
@Injectable()
export class OAuthAccounts {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async memberFor(provider: string, user: ProviderUser, meta: CommandMetadata): Promise<MemberDocument> {
    const link = streamId('oauthLink', `${provider}.${digest(`${provider}\u0000${user.subject}`).slice(0, 40)}`);
    const candidate = newId(meta.now.getTime());
    await this.store.handle(
      oauthLinkDecider,
      link,
      { type: 'Link', provider, memberId: candidate, now: meta.now },
      stepMeta(meta, 'oauth-link'),
    );
    const memberId = fold(
      oauthLinkDecider,
      (await this.store.readStream(link)) as unknown as OAuthLinkEvent[],
    ).memberId!;
    const existing = await this.member(memberId);
    if (existing) return existing;
    if (memberId !== candidate) {
      // Another first login of the same account is registering it right now: give it the time to finish.
      const deadline = Date.now() + this.config.READ_YOUR_WRITES_TIMEOUT_MS;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const registered = await this.member(memberId);
        if (registered) return registered;
      }
    }
    return this.register(memberId, user, meta);
  }

  private member(memberId: string): Promise<MemberDocument | null> {
    return this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
  }

  private async register(memberId: string, user: ProviderUser, meta: CommandMetadata): Promise<MemberDocument> {
    const account = await this.reserve(
      'account',
      (attempt) => `u${digitsOf(`${memberId}:${attempt}`, 10)}`,
      memberId,
      meta,
    );
    // A provider's nickname is cleaned, not refused (the text rule, `withoutForbiddenCharacters`): after the cut, so
    // that half an emoji does not stay either.
    const collapsed = (user.nickname ?? '').replace(/\s+/g, ' ').trim().slice(0, NICKNAME_MAX);
    const base = withoutForbiddenCharacters(collapsed, 'single-line').trim() || account;
    const nickname = await this.reserve(
      'nickname',
      (attempt) =>
        attempt === 0 ? base : `${base.slice(0, NICKNAME_MAX - 4)}${digitsOf(`${memberId}:${attempt}`, 4)}`,
      memberId,
      meta,
    );
    try {
      const result = await this.store.handle(
        memberDecider,
        streamId('member', memberId),
        { type: 'Register', memberId, account, nickname, kind: 'member', method: 'oauth', now: meta.now },
        stepMeta(meta, 'register'),
      );
      await this.waiter.waitFor(
        memberDirectoryProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    } catch (error) {
      // A concurrent login registered this very member first: that is the outcome wanted.
      if (!(error instanceof DomainError && error.code === 'common.conflict')) throw error;
    }
    const registered = await this.member(memberId);
    if (registered) return registered;
    return { _id: memberId, account, nickname, kind: 'member', state: 'enabled', registeredAt: meta.now.toISOString() };
  }

  /** The first free name of the sequence (reserving again for the same member is a no-op, not a conflict). */
  private async reserve(
    kind: 'account' | 'nickname',
    nameAt: (attempt: number) => string,
    memberId: string,
    meta: CommandMetadata,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const name = nameAt(attempt);
      const stream =
        kind === 'account'
          ? streamId('accountName', name.toLowerCase())
          : streamId('nickname', digest(name.toLowerCase()));
      try {
        await this.store.handle(
          reservationDecider,
          stream,
          { type: 'Reserve', kind, name, ownerId: memberId },
          stepMeta(meta, `reserve-${kind}-${attempt}`),
        );
        return name;
      } catch (error) {
        const taken = error instanceof DomainError && /_taken$/.test(error.code);
        if (!taken || attempt >= NAME_TRIES) throw error;
      }
    }
  }
}
