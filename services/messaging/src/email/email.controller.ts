import { Controller, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { EMAIL_GROUPS, EMAIL_LANGUAGES, EMAIL_MODES } from '@forum/contracts';
import type { Actor, CommandMetadata, EmailGroup } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  CurrentActor,
  Public,
  RateLimit,
  requireMember,
  SkipCsrf,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { EmailComposer, SETTINGS_PATH } from './email-composer';
import { unsubscribePage } from './unsubscribe-page';
import { SetEmailPreferencesCommand, UnsubscribeEmailCommand } from './email.commands';
import { EmailPreferences, EmailPreferencesView } from './email-preferences';

const preferencesBody = z.strictObject({
  modes: z.strictObject(
    Object.fromEntries(EMAIL_GROUPS.map((group) => [group, z.enum(EMAIL_MODES).optional()])) as Record<
      EmailGroup,
      z.ZodOptional<z.ZodEnum<{ never: 'never'; immediately: 'immediately'; daily: 'daily' }>>
    >,
  ),
  language: z.enum(EMAIL_LANGUAGES).nullable().default(null),
});

const unsubscribeQuery = z.object({ token: z.string().min(1).max(300) });

@ApiTags('messaging')
@Controller('messaging')
export class EmailController {
  constructor(
    private readonly commands: CommandBus,
    private readonly preferences: EmailPreferences,
    private readonly composer: EmailComposer,
  ) {}

  /** Per group never / immediately / daily, the emails' language, and where they go (masked). */
  @Get('me/email-preferences')
  view(@CurrentActor() actor: Actor): Promise<EmailPreferencesView> {
    return this.preferences.view(requireMember(actor).id);
  }

  /** Groups left out keep their mode; `language: null` writes in the site's default language. */
  @Put('me/email-preferences')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'member' })
  set(
    @CurrentActor() actor: Actor,
    @ValidBody(preferencesBody) body: z.infer<typeof preferencesBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<EmailPreferencesView> {
    const modes = Object.fromEntries(Object.entries(body.modes).filter(([, mode]) => mode !== undefined));
    return this.commands.execute(new SetEmailPreferencesCommand(actor, { modes, language: body.language }, meta));
  }

  /**
   * The link in an email, opened in a browser: no login, the signature is the permission. Unsubscribing twice is
   * the same as once; a link that was altered is refused and changes nothing.
   */
  @Public()
  @Get('email/unsubscribe')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  async unsubscribeFromBrowser(
    @ValidQuery(unsubscribeQuery) { token }: z.infer<typeof unsubscribeQuery>,
    @CommandMeta() meta: CommandMetadata,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const settingsUrl = `${this.composer.config.linkBaseUrl}${SETTINGS_PATH}`;
    let groups: EmailGroup[] | null = null;
    try {
      ({ groups } = await this.commands.execute(new UnsubscribeEmailCommand(token, meta)));
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'messaging.unsubscribe_link_invalid') throw error;
    }
    void reply
      .status(groups ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unsubscribePage(groups, settingsUrl));
  }

  /** RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the header's link. */
  @Public()
  @SkipCsrf()
  @Post('email/unsubscribe')
  @HttpCode(200)
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  async unsubscribeOneClick(
    @ValidQuery(unsubscribeQuery) { token }: z.infer<typeof unsubscribeQuery>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ groups: EmailGroup[] }> {
    const { groups } = await this.commands.execute(new UnsubscribeEmailCommand(token, meta));
    return { groups };
  }
}
