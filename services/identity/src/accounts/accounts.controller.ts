import { Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { pageOf } from '@forum/contracts';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  bearerTokens,
  CommandMeta,
  CONTEXT_DB,
  CurrentActor,
  ipLocationOf,
  OpenWhenClosed,
  Public,
  RateLimit,
  ValidBody,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import { CaptchaService } from '../captcha/captcha.service';
import { LOGIN_LOGS, LoginLogEntry } from '../projections/login-log.projection';
import type { IssuedTokens } from '../sessions/session-issuer';
import { loginBody } from './account.schemas';
import type { LoginBody } from './account.schemas';
import { LogInByMethodCommand } from './login-by-method';
import { loginAnyBody, registerAnyBody } from './method.schemas';
import type { LoginAnyBody, RegisterAnyBody } from './method.schemas';
import { RegisterByMethodCommand } from './register-by-method';
import { LogInCommand, LogOutCommand, RenewTokenCommand } from './commands';

const pageQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(1000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});

function refreshTokenOf(request: FastifyRequest): string {
  const refresh = bearerTokens(request.headers.authorization)?.refresh;
  if (!refresh) throw new DomainError('identity.refresh_invalid');
  return refresh;
}

@ApiTags('identity')
@Controller('identity')
export class AccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly captchas: CaptchaService,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  /** A 4-character image captcha (SVG data URI), valid 120 s, single-use. */
  @Public()
  @OpenWhenClosed()
  @Get('captcha')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  captcha() {
    return this.captchas.issue();
  }

  @Public()
  @Post('register')
  @HttpCode(201)
  @RateLimit({ limit: 5, windowSeconds: 60, by: 'ip' })
  register(
    @ValidBody(registerAnyBody) body: RegisterAnyBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<IssuedTokens> {
    return this.commands.execute(new RegisterByMethodCommand(body, meta));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @RateLimit({ limit: 20, windowSeconds: 60, by: 'ip' })
  login(@ValidBody(loginAnyBody) body: LoginAnyBody, @CommandMeta() meta: CommandMetadata): Promise<IssuedTokens> {
    return this.commands.execute(new LogInByMethodCommand(body, meta));
  }

  /** The staff console's login: only staff accounts. */
  @Public()
  @OpenWhenClosed()
  @Post('staff/login')
  @HttpCode(200)
  @RateLimit({ limit: 20, windowSeconds: 60, by: 'ip' })
  staffLogin(@ValidBody(loginBody) body: LoginBody, @CommandMeta() meta: CommandMetadata): Promise<IssuedTokens> {
    return this.commands.execute(new LogInCommand(body, meta, true));
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @CommandMeta() meta: CommandMetadata): Promise<void> {
    await this.commands.execute(new LogOutCommand(refreshTokenOf(request), meta));
  }

  // `GET me` (and PATCH) live in profile/profile.controller.ts.

  /** The member's own logins and renewals, newest first. */
  @Get('login-log')
  async loginLog(
    @CurrentActor() actor: Actor,
    @ValidQuery(pageQuery) { page, pageSize }: z.infer<typeof pageQuery>,
  ): Promise<Page<LoginLogEntry>> {
    const log = await this.db
      .collection<{ _id: string; entries: LoginLogEntry[] }>(LOGIN_LOGS)
      .findOne({ _id: actor.id! });
    // Entries projected before the location was added get it now, from the same offline database.
    const entries = [...(log?.entries ?? [])]
      .reverse()
      .map((entry) => ({ ...entry, ipLocation: entry.ipLocation ?? ipLocationOf(entry.ip) }));
    return pageOf(entries.slice((page - 1) * pageSize, page * pageSize), page, pageSize, entries.length);
  }
}

/** `POST /refreshToken` at the root, as the member site calls it (docs/rules/web.md): the refresh token rides in the Bearer pair. */
@ApiTags('identity')
@Public()
@Controller()
export class RefreshTokenController {
  constructor(private readonly commands: CommandBus) {}

  @Post('refreshToken')
  @HttpCode(200)
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'ip' })
  refresh(@Req() request: FastifyRequest, @CommandMeta() meta: CommandMetadata): Promise<IssuedTokens> {
    return this.commands.execute(new RenewTokenCommand(refreshTokenOf(request), meta));
  }
}
