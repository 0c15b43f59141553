import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  accessRevocations,
  CurrentActor,
  CurrentSession,
  isMember,
  Public,
  TokenService,
  ValidQuery,
} from '@forum/platform';
import type { Revocation } from '@forum/platform';
import { LiveUnread } from './live-unread';
import { NO_UNREAD, UnreadCount, UnreadCounts } from './unread-counts';

const streamQuery = z.strictObject({ access_token: z.string().max(4096).optional() });

const HEARTBEAT_MS = 20_000;

@ApiTags('messaging')
@Controller('messaging/unread-count')
export class UnreadController {
  constructor(
    private readonly counts: UnreadCounts,
    private readonly live: LiveUnread,
    private readonly tokens: TokenService,
  ) {}

  /**
   * The header badge's poll. Public on purpose: a visitor (or a member whose token just expired) gets zeros, never
   * a 401 that a client could turn into a redirect to the login page.
   */
  @Public()
  @Get()
  async count(@CurrentActor() actor: Actor): Promise<UnreadCount> {
    return isMember(actor) ? this.counts.of(actor.id) : NO_UNREAD;
  }

  /**
   * Live counts as Server-Sent Events: one `unread` event at once, then one whenever a number changes. An
   * `EventSource` cannot send the Authorization header, and the member site keeps its tokens in storage rather
   * than cookies, so this one route also accepts the access token as `?access_token=` (checked at connect). The
   * stream ends when its session ends or its account is switched off.
   */
  @Public()
  @Get('stream')
  async stream(
    @CurrentActor() actor: Actor,
    @CurrentSession() session: string | null,
    @ValidQuery(streamQuery) query: z.infer<typeof streamQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    let member: Actor | null = isMember(actor) ? actor : null;
    let sessionId = session;
    if (!member && query.access_token) ({ actor: member, sessionId } = this.tokens.accessOf(query.access_token));
    if (!member || !isMember(member)) throw new DomainError('auth.unauthorized');
    const memberId = member.id;
    const ends = (revocation: Revocation) =>
      revocation.kind === 'session'
        ? revocation.sessionId === sessionId
        : revocation.memberId === memberId && revocation.state !== 'enabled';
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event through at once instead of buffering the response.
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 5000\n\n');
    const unsubscribe = this.live.subscribe(
      memberId,
      (count) => raw.write(`event: unread\ndata: ${JSON.stringify(count)}\n\n`),
      () => raw.end(),
    );
    const stopWatching = accessRevocations.listen((revocation) => ends(revocation) && raw.end());
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopWatching();
    });
  }
}
