import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { extendRoleCommand, MEMBERSHIP_DURATION_UNITS } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PeerCommands } from '@forum/platform';
import { ExtendRoleCommand } from './commands';

/** What another context sends to extend a member's role (the wallet, after a membership card is paid). */
const extendRoleInput = z.strictObject({
  memberId: z.string().min(1).max(64),
  roleId: z.string().min(1).max(64),
  duration: z.number().int().positive(),
  unit: z.enum(MEMBERSHIP_DURATION_UNITS),
  operationId: z.string().min(1).max(200),
  reason: z.string().max(200),
});

/**
 * `identity.extendRole`: the peer command behind a membership card (ADR 0015). Synchronous, so the member holds
 * the role when the purchase answers; idempotent on `operationId`, so the wallet's healing reactor may send it
 * again after a crash.
 */
@Injectable()
export class RoleExtensionPeer {
  constructor(peers: PeerCommands, commands: CommandBus) {
    peers.register(extendRoleCommand, async (input, meta) => {
      const parsed = extendRoleInput.safeParse(input);
      if (!parsed.success) throw new DomainError('common.validation_failed');
      return commands.execute(new ExtendRoleCommand(parsed.data, meta));
    });
  }
}
