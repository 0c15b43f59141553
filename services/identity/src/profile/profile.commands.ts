import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, FileStorage, contentKey } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { CredentialStore } from '../credentials/credential.store';
import { MEMBERS, MemberDocument, memberDirectoryProjection } from '../projections/member-directory.projection';
import { reservationDecider } from '../reservations/reservation.decider';
import { avatarWebp } from './avatar-image';
import { ProfileCredentials } from './profile-credentials';
import { profileDecider } from './profile.decider';
import type { CancelBody, CropBox, PasswordChangeBody, ProfilePatchBody } from './profile.schemas';
import { MemberSessions } from '../sessions/member-sessions';

/** The registration's nickname stream (ADR 0005): `nickname-<sha256 of the lower-cased name>`. */
export function nicknameStream(nickname: string): string {
  return streamId('nickname', createHash('sha256').update(nickname.toLowerCase()).digest('hex'));
}

export class ChangeProfileCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly body: ProfilePatchBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly body: PasswordChangeBody,
    readonly meta: CommandMetadata,
    /** The session the change was made from: it stays signed in, every other one ends. */
    readonly sessionId: string | null = null,
  ) {
    super();
  }
}

export class ChangeAvatarCommand extends Command<{ avatarUrl: string }> {
  constructor(
    readonly memberId: string,
    readonly bytes: Buffer,
    readonly crop: CropBox | null,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** By the member (password required) or by staff from the console (`byStaff`, no password). */
export class CancelAccountCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly body: CancelBody | null,
    readonly meta: CommandMetadata,
    readonly byStaff = false,
  ) {
    super();
  }
}

/** Shared by the handlers: the member's directory document, and waiting until it shows a new stream version. */
abstract class ProfileHandlerBase {
  constructor(
    protected readonly db: Db,
    protected readonly waiter: ProjectionWaiter,
    protected readonly config: AppConfig,
  ) {}

  protected async memberOf(memberId: string): Promise<MemberDocument> {
    const member = await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
    if (!member) throw new DomainError('identity.member_not_found');
    if (member.cancelled || member.state === 'cancelled') throw new DomainError('identity.account_cancelled');
    return member;
  }

  protected async seen(result: { streamId: string; version: number; events: unknown[] }): Promise<void> {
    if (result.events.length === 0) return;
    await this.waiter.waitFor(
      memberDirectoryProjection.name,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
  }
}

/**
 * A nickname change is a small saga like registration: reserve the new name (exactly one of racing members
 * gets it), record the change, then release the old name. A failure to record releases the new name again.
 */
@CommandHandler(ChangeProfileCommand)
export class ChangeProfileHandler extends ProfileHandlerBase implements ICommandHandler<ChangeProfileCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly credentials: ProfileCredentials,
    @Inject(CONTEXT_DB) db: Db,
    waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(db, waiter, config);
  }

  async execute({ memberId, body, meta }: ChangeProfileCommand): Promise<void> {
    const member = await this.memberOf(memberId);
    const nickname = body.nickname ?? member.nickname;
    const renamed = nickname.toLowerCase() !== member.nickname.toLowerCase();
    if (renamed) {
      await this.store.handle(
        reservationDecider,
        nicknameStream(nickname),
        { type: 'Reserve', kind: 'nickname', name: nickname, ownerId: memberId },
        stepMeta(meta, 'reserve-nickname'),
      );
    }
    try {
      const result = await this.store.handle(
        profileDecider,
        streamId('member', memberId),
        {
          type: 'ChangeProfile',
          memberId,
          nickname,
          allowUserDynamic: body.allowUserDynamic ?? member.allowUserDynamic ?? true,
          now: meta.now,
        },
        stepMeta(meta, 'profile'),
      );
      if (body.hintQuestion && body.hintAnswer)
        await this.credentials.setHint(memberId, body.hintQuestion, body.hintAnswer);
      await this.seen(result);
    } catch (error) {
      if (renamed) await this.release(nickname, memberId, stepMeta(meta, 'release-new-nickname'));
      throw error;
    }
    if (renamed) await this.release(member.nickname, memberId, stepMeta(meta, 'release-old-nickname'));
  }

  private async release(nickname: string, memberId: string, meta: CommandMetadata): Promise<void> {
    await this.store.handle(
      reservationDecider,
      nicknameStream(nickname),
      { type: 'Release', kind: 'nickname', name: nickname, ownerId: memberId },
      meta,
    );
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler extends ProfileHandlerBase implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly passwords: CredentialStore,
    private readonly credentials: ProfileCredentials,
    private readonly sessions: MemberSessions,
    @Inject(CONTEXT_DB) db: Db,
    waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(db, waiter, config);
  }

  async execute({ memberId, body, meta, sessionId }: ChangePasswordCommand): Promise<void> {
    await this.memberOf(memberId);
    if (!(await this.passwords.passwordMatches(memberId, body.oldPassword))) {
      throw new DomainError('identity.password_incorrect');
    }
    await this.credentials.setPassword(memberId, body.password);
    await this.store.handle(
      profileDecider,
      streamId('member', memberId),
      { type: 'ChangePassword', memberId, now: meta.now },
      stepMeta(meta, 'password'),
    );
    await this.sessions.endAll(memberId, 'password_changed', meta, sessionId);
  }
}

/**
 * The new picture is stored under a key named by its content (in the member's folder), then recorded; the
 * previous picture's file is deleted after the change is recorded, so the recorded avatar always exists.
 */
@CommandHandler(ChangeAvatarCommand)
export class ChangeAvatarHandler extends ProfileHandlerBase implements ICommandHandler<ChangeAvatarCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly files: FileStorage,
    @Inject(CONTEXT_DB) db: Db,
    waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(db, waiter, config);
  }

  async execute({ memberId, bytes, crop, meta }: ChangeAvatarCommand): Promise<{ avatarUrl: string }> {
    const member = await this.memberOf(memberId);
    const webp = await avatarWebp(bytes, crop);
    const key = contentKey(`avatars/${memberId}`, webp, 'webp');
    await this.files.put(key, webp, 'image/webp');
    const avatarUrl = this.files.urlOf(key);
    const result = await this.store.handle(
      profileDecider,
      streamId('member', memberId),
      { type: 'ChangeAvatar', memberId, avatarUrl, now: meta.now },
      stepMeta(meta, 'avatar'),
    );
    await this.seen(result);
    const previous = member.avatarUrl ? this.files.keyOf(member.avatarUrl) : null;
    if (previous && previous !== key) await this.files.delete(previous);
    return { avatarUrl };
  }
}

/**
 * Irreversible: records the cancellation (login and renewal are refused from then on), releases the nickname,
 * ends every session, deletes the avatar file. Access tokens already issued expire on their own (≤ 2 h, ADR 0005).
 */
@CommandHandler(CancelAccountCommand)
export class CancelAccountHandler extends ProfileHandlerBase implements ICommandHandler<CancelAccountCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly passwords: CredentialStore,
    private readonly sessions: MemberSessions,
    private readonly files: FileStorage,
    @Inject(CONTEXT_DB) db: Db,
    waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(db, waiter, config);
  }

  async execute({ memberId, body, meta, byStaff }: CancelAccountCommand): Promise<void> {
    const member = await this.memberOf(memberId);
    if (!byStaff && !(await this.passwords.passwordMatches(memberId, body?.password ?? ''))) {
      throw new DomainError('identity.password_incorrect');
    }
    const result = await this.store.handle(
      profileDecider,
      streamId('member', memberId),
      { type: 'Cancel', memberId, by: byStaff ? 'staff' : 'member', now: meta.now },
      stepMeta(meta, 'cancel'),
    );
    await this.store.handle(
      reservationDecider,
      nicknameStream(member.nickname),
      { type: 'Release', kind: 'nickname', name: member.nickname, ownerId: memberId },
      stepMeta(meta, 'release-nickname'),
    );
    await this.sessions.endAll(memberId, 'account_cancelled', meta);
    await this.seen(result);
    const avatar = member.avatarUrl ? this.files.keyOf(member.avatarUrl) : null;
    if (avatar) await this.files.delete(avatar);
  }
}
