import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public, RateLimit, SkipCsrf } from '../auth/decorators';
import { PeerCommands } from './peer-commands';
import type { PeerAnswer } from './peer-commands';

/**
 * The HTTP side of peer commands between services (distributed mode). Not a member API: a peer token signed with
 * the shared secret is the credential, so the member guards (login, CSRF, write limits) do not apply.
 */
@ApiExcludeController()
@Controller(':context/peer')
export class PeerController {
  constructor(private readonly peers: PeerCommands) {}

  @Post(':command')
  @Public()
  @SkipCsrf()
  @RateLimit()
  @HttpCode(200)
  run(
    @Param('context') context: string,
    @Param('command') command: string,
    @Headers('x-peer-token') token: string | undefined,
    @Body() body: unknown,
  ): Promise<PeerAnswer> {
    return this.peers.answer(`${context}.${command}`, token, body);
  }
}
