import { Controller } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { DomainError } from '@forum/event-store';
import { PEER_PATTERN, PEER_REJECTED, PeerCommands } from './peer-commands';
import type { PeerAnswer, PeerRequest } from './peer-commands';

/**
 * The `@nestjs/microservices` side of peer commands (TCP, `PEER_PORT`; ADR 0040): the same checks and answers as the
 * HTTP peer controller. A request it will not run (bad token, unknown command, no metadata) is rejected as an RPC
 * error, never as a member-facing refusal.
 */
@Controller()
export class PeerMessageController {
  constructor(private readonly peers: PeerCommands) {}

  @MessagePattern(PEER_PATTERN)
  async run(@Payload() request: PeerRequest): Promise<PeerAnswer> {
    try {
      return await this.peers.answer(String(request?.name), request?.token, request);
    } catch (error) {
      const message = error instanceof DomainError ? error.code : 'peer command failed';
      throw new RpcException({ status: PEER_REJECTED, message });
    }
  }
}
