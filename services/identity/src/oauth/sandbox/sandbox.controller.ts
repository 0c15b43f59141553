import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bearerTokens,
  formPagePolicy,
  OpenWhenClosed,
  Public,
  RateLimit,
  SkipCsrf,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { SandboxAuthority, SandboxGrantError } from './sandbox-authority';
import { approvePage } from './approve-page';

/** Only the site's own return point: the sandbox never sends a browser (or a code) anywhere else. */
const returnPoint = z
  .url({ protocol: /^https?$/ })
  // Checks run on after a failed `url()` check in zod 4, so the refinement must not assume a parsable URL.
  .refine((url) => URL.canParse(url) && new URL(url).pathname === '/thirdParty/loginRedirect');

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).max(100),
  redirect_uri: returnPoint,
  state: z.string().min(16).max(200),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
});

const approveBody = z.strictObject({
  ticket: z.string().min(16).max(200),
  decision: z.enum(['approve', 'deny']),
  subject: z.string().trim().min(1).max(40).default('sandbox-user'),
  nickname: z.string().trim().min(1).max(30).default('Sandbox user'),
});

const tokenBody = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(500),
  client_id: z.string().min(1).max(100),
  client_secret: z.string().max(200).optional(),
  code_verifier: z.string().min(43).max(128),
});

function oauthError(reply: FastifyReply, status: number, error: SandboxGrantError): void {
  void reply.status(status).header('cache-control', 'no-store').send({ error: error.error });
}

/**
 * The built-in local OAuth 2 provider (development and demo): an approve page, a token endpoint and user info,
 * behaving like a real provider (state echoed, PKCE checked, single-use short-lived codes).
 */
@ApiTags('identity')
@Public()
@OpenWhenClosed()
@Controller('identity/oauth-sandbox')
export class SandboxController {
  constructor(private readonly authority: SandboxAuthority) {}

  @Get('authorize')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  async authorize(
    @ValidQuery(authorizeQuery) query: z.infer<typeof authorizeQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const ticket = await this.authority.ticket(
      {
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        state: query.state,
        codeChallenge: query.code_challenge,
      },
      new Date(),
    );
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      // No script; the form posts here and the provider sends the browser on to the client's redirect URI.
      .header('content-security-policy', formPagePolicy(query.redirect_uri))
      .send(approvePage(ticket));
  }

  /** The approve form posts here (a plain HTML form: its one-time ticket stands in for the CSRF header). */
  @SkipCsrf()
  @Post('authorize')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  async approve(@ValidBody(approveBody) body: z.infer<typeof approveBody>, @Res() reply: FastifyReply): Promise<void> {
    const now = new Date();
    const authorization = await this.authority.redeemTicket(body.ticket, now);
    if (!authorization) return oauthError(reply, 400, new SandboxGrantError('invalid_request'));
    const target = new URL(authorization.redirectUri);
    target.searchParams.set('state', authorization.state);
    if (body.decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = await this.authority.issueCode(
        authorization,
        { subject: body.subject, nickname: body.nickname },
        now,
      );
      target.searchParams.set('code', code);
    }
    void reply.redirect(target.toString(), 302);
  }

  @SkipCsrf()
  @Post('token')
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'ip' })
  async token(@ValidBody(tokenBody) body: z.infer<typeof tokenBody>, @Res() reply: FastifyReply): Promise<void> {
    try {
      const { accessToken, expiresIn } = await this.authority.exchange(
        { code: body.code, clientId: body.client_id, redirectUri: body.redirect_uri, codeVerifier: body.code_verifier },
        new Date(),
      );
      void reply
        .status(200)
        .header('cache-control', 'no-store')
        .send({ access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn });
    } catch (error) {
      if (!(error instanceof SandboxGrantError)) throw error;
      oauthError(reply, error.error === 'invalid_client' ? 401 : 400, error);
    }
  }

  @Get('userinfo')
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'ip' })
  async userInfo(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    try {
      const token = bearerTokens(request.headers.authorization)?.access ?? '';
      void reply.send(await this.authority.userInfo(token, new Date()));
    } catch (error) {
      if (!(error instanceof SandboxGrantError)) throw error;
      oauthError(reply, 401, error);
    }
  }
}
