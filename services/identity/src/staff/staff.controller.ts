import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Db, Filter } from 'mongodb';
import { z } from 'zod';
import { pageOf } from '@forum/contracts';
import type { CommandMetadata, Page } from '@forum/contracts';
import {
  ApiOkBody,
  CommandMeta,
  CONTEXT_DB,
  RequiresPermission,
  ValidBody,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import { ChangeMemberStateCommand, staffMemberView } from './staff.commands';
import type { StaffMemberView } from './staff.commands';

const memberListQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(1000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
  /** Part of the account or nickname. */
  q: z.string().trim().max(30).optional(),
  /** One member by id: where the console links a member's name (topics, reports, ledgers) to their record. */
  id: z.uuid().optional(),
  state: z.enum(['enabled', 'disabled', 'cancelled']).optional(),
  kind: z.enum(['member', 'staff']).optional(),
});

/** `cancelled` is irreversible (docs/rules/people.md, accounts): the member's own cancellation, run by staff without the password. */
const stateBody = z.strictObject({ state: z.enum(['enabled', 'disabled', 'cancelled']) });

export type { StaffMemberView } from './staff.commands';

/** The dashboard's member figures: members (not staff) whose account is not cancelled, and today's (UTC) sign-ups. */
export const memberStats = z.object({ membersTotal: z.number().int(), registeredToday: z.number().int() });
export type MemberStats = z.infer<typeof memberStats>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The staff console's member list (search, filter by state), the dashboard's member figures, switching accounts off and on, and cancelling them. */
@ApiTags('identity')
@Controller('identity')
export class StaffMembersController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  @RequiresPermission('members.manage')
  @Get('staff/members')
  async list(
    @ValidQuery(memberListQuery) { page, pageSize, q, id, state, kind }: z.infer<typeof memberListQuery>,
  ): Promise<Page<StaffMemberView>> {
    const filter: Filter<MemberDocument> = {};
    if (id) filter._id = id;
    if (state) filter.state = state;
    if (kind) filter.kind = kind;
    if (q) {
      const pattern = new RegExp(escapeRegex(q), 'i');
      filter.$or = [{ account: pattern }, { nickname: pattern }];
    }
    const members = this.db.collection<MemberDocument>(MEMBERS);
    const [items, total] = await Promise.all([
      members
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      members.countDocuments(filter),
    ]);
    return pageOf(items.map(staffMemberView), page, pageSize, total);
  }

  @RequiresPermission('dashboard.read')
  @Get('staff/member-stats')
  @ApiOkBody(memberStats)
  async stats(): Promise<MemberStats> {
    const members = this.db.collection<MemberDocument>(MEMBERS);
    const counted: Filter<MemberDocument> = { kind: 'member', state: { $ne: 'cancelled' } };
    const startOfDay = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const [membersTotal, registeredToday] = await Promise.all([
      members.countDocuments(counted),
      members.countDocuments({ ...counted, registeredAt: { $gte: startOfDay } }),
    ]);
    return { membersTotal, registeredToday };
  }

  @RequiresPermission('members.manage')
  @Post('members/:id/state')
  @HttpCode(200)
  setState(
    @Param('id') memberId: string,
    @ValidBody(stateBody) { state }: z.infer<typeof stateBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<StaffMemberView> {
    return this.commands.execute(new ChangeMemberStateCommand(memberId, state, meta));
  }
}
