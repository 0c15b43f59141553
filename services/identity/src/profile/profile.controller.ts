import { Controller, Get, HttpCode, Inject, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Db } from 'mongodb';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  CONTEXT_DB,
  CurrentActor,
  CurrentSession,
  Public,
  RateLimit,
  readUpload,
  SiteSettingsCache,
  ValidBody,
  validate,
} from '@forum/platform';
import { FollowReader } from '../follows/follow-reader';
import { MEMBER_ID } from '../follows/follow.commands';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import { ProfileCredentials } from './profile-credentials';
import {
  CancelAccountCommand,
  ChangeAvatarCommand,
  ChangePasswordCommand,
  ChangeProfileCommand,
} from './profile.commands';
import { cancelBody, cropFields, passwordChangeBody, profilePatchBody } from './profile.schemas';
import type { CancelBody, MeView, PasswordChangeBody, ProfilePatchBody, PublicProfileView } from './profile.schemas';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

@ApiTags('identity')
@Controller('identity')
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly follows: FollowReader,
    private readonly credentials: ProfileCredentials,
    private readonly settings: SiteSettingsCache,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  @Get('me')
  async me(@CurrentActor() actor: Actor): Promise<MeView> {
    const [member, counts, hintQuestion] = await Promise.all([
      this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: actor.id! }),
      this.follows.counts(actor.id!),
      this.credentials.hintQuestionOf(actor.id!),
    ]);
    if (!member) throw new DomainError('common.not_found');
    // Contact fields come from the contact events (masked); read them defensively, older documents lack them.
    const masked = member as MemberDocument & { phoneMasked?: string; emailMasked?: string };
    return {
      id: member._id,
      account: member.account,
      nickname: member.nickname,
      kind: member.kind,
      avatarUrl: member.avatarUrl ?? null,
      email: member.email ?? masked.emailMasked ?? null,
      phone: member.phone ?? masked.phoneMasked ?? null,
      realNameVerified: member.realNameVerified ?? Boolean(member.phone ?? masked.phoneMasked),
      allowUserDynamic: member.allowUserDynamic ?? true,
      hintQuestion,
      state: member.cancelled ? 'cancelled' : member.state,
      registeredAt: member.registeredAt,
      ...counts,
    };
  }

  @Patch('me')
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  async changeProfile(
    @CurrentActor() actor: Actor,
    @ValidBody(profilePatchBody) body: ProfilePatchBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<MeView> {
    await this.commands.execute(new ChangeProfileCommand(actor.id!, body, meta));
    return this.me(actor);
  }

  @Post('me/password')
  @HttpCode(204)
  @RateLimit({ limit: 5, windowSeconds: 60, by: 'member' })
  async changePassword(
    @CurrentActor() actor: Actor,
    @ValidBody(passwordChangeBody) body: PasswordChangeBody,
    @CommandMeta() meta: CommandMetadata,
    @CurrentSession() sessionId: string | null,
  ): Promise<void> {
    await this.commands.execute(new ChangePasswordCommand(actor.id!, body, meta, sessionId));
  }

  /** Multipart: `file` (jpeg/png/webp/gif, size from the settings) and optional `x`,`y`,`width`,`height`. */
  @Post('me/avatar')
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  async changeAvatar(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ avatarUrl: string }> {
    const upload = await readUpload(request, {
      maxBytes: this.settings.current().uploads.avatarMaxBytes,
      accept: AVATAR_TYPES,
      fields: ['x', 'y', 'width', 'height'],
    });
    const crop = validate(cropFields, upload.fields);
    const box =
      crop.x !== undefined && crop.y !== undefined && crop.width !== undefined && crop.height !== undefined
        ? { x: crop.x, y: crop.y, width: crop.width, height: crop.height }
        : null;
    return this.commands.execute(new ChangeAvatarCommand(actor.id!, upload.bytes, box, meta));
  }

  @Post('me/cancel')
  @HttpCode(204)
  @RateLimit({ limit: 5, windowSeconds: 60, by: 'member' })
  async cancel(
    @CurrentActor() actor: Actor,
    @ValidBody(cancelBody) body: CancelBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new CancelAccountCommand(actor.id!, body, meta));
  }

  /** What anyone may see of a member; a cancelled account shows no name and no avatar. */
  @Public()
  @Get('members/:memberId')
  async publicProfile(@CurrentActor() actor: Actor, @Param('memberId') memberId: string): Promise<PublicProfileView> {
    if (!MEMBER_ID.test(memberId)) throw new DomainError('identity.member_not_found');
    const [member, counts, followedByMe] = await Promise.all([
      this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId }),
      this.follows.counts(memberId),
      this.follows.follows(actor.id ?? null, memberId),
    ]);
    if (!member) throw new DomainError('identity.member_not_found');
    const cancelled = member.cancelled === true || member.state === 'cancelled';
    return {
      id: member._id,
      nickname: cancelled ? null : member.nickname,
      avatarUrl: cancelled ? null : (member.avatarUrl ?? null),
      cancelled,
      isStaff: member.kind === 'staff',
      allowUserDynamic: !cancelled && member.allowUserDynamic !== false,
      registeredAt: member.registeredAt,
      ...counts,
      followedByMe,
    };
  }
}
