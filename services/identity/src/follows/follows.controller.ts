import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import { CommandMeta, CurrentActor, Public, RateLimit, ValidQuery, wholeNumber } from '@forum/platform';
import { FollowListRow, FollowReader } from './follow-reader';
import { ToggleFollowCommand } from './follow.commands';

const pageQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(1000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
type PageQuery = z.infer<typeof pageQuery>;

@ApiTags('identity')
@Controller('identity')
export class FollowsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly follows: FollowReader,
  ) {}

  @Put('follows/:memberId')
  @HttpCode(204)
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'member' })
  async follow(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new ToggleFollowCommand(actor.id!, memberId, true, meta));
  }

  @Delete('follows/:memberId')
  @HttpCode(204)
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'member' })
  async unfollow(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new ToggleFollowCommand(actor.id!, memberId, false, meta));
  }

  @Public()
  @Get('members/:memberId/following')
  following(
    @Param('memberId') memberId: string,
    @ValidQuery(pageQuery) query: PageQuery,
  ): Promise<Page<FollowListRow>> {
    return this.follows.list(memberId, 'following', query.page, query.pageSize);
  }

  @Public()
  @Get('members/:memberId/followers')
  followers(
    @Param('memberId') memberId: string,
    @ValidQuery(pageQuery) query: PageQuery,
  ): Promise<Page<FollowListRow>> {
    return this.follows.list(memberId, 'followers', query.page, query.pageSize);
  }
}
