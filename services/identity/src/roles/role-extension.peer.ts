import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { extendRoleCommand } from '@forum/contracts';
import { PeerCommands } from '@forum/platform';
import { ExtendRoleCommand } from './commands';

/**
 * `identity.extendRole`: the peer command behind a membership card (ADR 0015). Synchronous, so the member holds
 * the role when the purchase answers; idempotent on `operationId`, so the wallet's healing reactor may send it
 * again after a crash.
 */
@Injectable()
export class RoleExtensionPeer {
  constructor(peers: PeerCommands, commands: CommandBus) {
    // The input is validated against `extendRoleCommand` before this runs (ADR 0040).
    peers.register(extendRoleCommand, (input, meta) => commands.execute(new ExtendRoleCommand(input, meta)));
  }
}
