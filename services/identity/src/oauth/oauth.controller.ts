import { Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, Public, RateLimit, RequiresPermission, ValidBody, ValidQuery } from '@forum/platform';
import { FinishOAuthLoginCommand, OAuthLoginResult, StartOAuthLoginCommand } from './oauth-login';
import { OAuthProviders } from './oauth-providers';
import { SetOAuthClientSecretCommand } from './oauth-secret.commands';

/** The member site's return point: providers send the browser back here, and its page calls the callback. */
export const RETURN_PATH = '/thirdParty/loginRedirect';

/** Only a path of this site (no `//host` or scheme): the jump after login can never leave the site. */
const sitePath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])/);

const authorizeQuery = z.strictObject({ jumpUrl: sitePath.optional() });

const callbackBody = z
  .strictObject({
    state: z.string().min(1).max(200),
    code: z.string().min(1).max(2000).optional(),
    /** The provider's refusal (`access_denied`…), passed on by the return page. */
    error: z.string().max(200).optional(),
  })
  .refine((body) => body.code !== undefined || body.error !== undefined, {
    path: ['code'],
    params: { code: 'validation.required' },
  });

const secretBody = z.strictObject({ clientSecret: z.string().min(1).max(500) });

@ApiTags('identity')
@Controller('identity/oauth')
export class OAuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly providers: OAuthProviders,
  ) {}

  /** The providers the login screen offers. */
  @Public()
  @Get('providers')
  list(): { id: string; name: string }[] {
    return this.providers.enabled().map(({ id, name }) => ({ id, name }));
  }

  /** Sends the browser to the provider (302) with a fresh state; it comes back to `/thirdParty/loginRedirect`. */
  @Public()
  @Get(':provider/authorize')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  async authorize(
    @Param('provider') providerId: string,
    @ValidQuery(authorizeQuery) { jumpUrl }: z.infer<typeof authorizeQuery>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    const redirectUri = `${request.protocol}://${request.host}${RETURN_PATH}`;
    const target = await this.commands.execute(
      new StartOAuthLoginCommand(providerId, redirectUri, jumpUrl ?? null, meta),
    );
    void reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  @Public()
  @Post('callback')
  @HttpCode(200)
  @RateLimit({ limit: 20, windowSeconds: 60, by: 'ip' })
  callback(
    @ValidBody(callbackBody) body: z.infer<typeof callbackBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<OAuthLoginResult> {
    return this.commands.execute(new FinishOAuthLoginCommand(body.state, body.code ?? null, body.error ?? null, meta));
  }

  /** Staff set a configured provider's client secret here: kept by identity only, never in settings or events. */
  @RequiresPermission('settings.edit')
  @Put('providers/:id/secret')
  @HttpCode(204)
  async setSecret(@Param('id') id: string, @ValidBody(secretBody) { clientSecret }: z.infer<typeof secretBody>) {
    await this.commands.execute(new SetOAuthClientSecretCommand(id, clientSecret));
  }
}
