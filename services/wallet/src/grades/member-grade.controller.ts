import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { DomainError } from '@forum/event-store';
import { ApiOkBody, CONTEXT_DB, Public, SiteSettingsCache } from '@forum/platform';
import { WALLET_ACCOUNTS } from '../ledger/ledger.projection';
import type { WalletAccountDocument } from '../ledger/ledger.projection';
import { MEMBER_ID } from '../ledger/wallet.schemas';

const memberGrade = z.object({ grade: z.string().nullable() });
export type MemberGradeView = z.infer<typeof memberGrade>;

/** The grade whose `needPoint` is the highest the points reach; null when the table has none that low. */
export function gradeOf(points: number, grades: readonly { name: string; needPoint: number }[]): string | null {
  let best: { name: string; needPoint: number } | null = null;
  for (const grade of grades) {
    if (grade.needPoint <= points && (!best || grade.needPoint > best.needPoint)) best = grade;
  }
  return best?.name ?? null;
}

/**
 * A member's grade, for their card and page: the grade's name only. Points are the member's own (their wallet);
 * the grade is what the site shows of them to everyone, so it is public.
 */
@ApiTags('wallet')
@Controller('wallet/members')
export class MemberGradeController {
  constructor(
    private readonly settings: SiteSettingsCache,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  @Public()
  @Get(':memberId/grade')
  @ApiOkBody(memberGrade)
  async grade(@Param('memberId') memberId: string): Promise<MemberGradeView> {
    if (!MEMBER_ID.test(memberId)) throw new DomainError('wallet.member_not_found');
    const account = await this.db
      .collection<WalletAccountDocument>(WALLET_ACCOUNTS)
      .findOne({ _id: memberId }, { projection: { points: 1 } });
    return { grade: gradeOf(account?.points ?? 0, this.settings.current().forum.grades) };
  }
}
