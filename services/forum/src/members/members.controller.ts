import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiOkBody, RateLimit, ValidQuery, wholeNumber } from '@forum/platform';
import { MemberLookup } from './member-lookup';
import type { MemberSuggestion } from './member-lookup';

const lookupQuery = z.strictObject({
  prefix: z.string().trim().min(1).max(30),
  limit: wholeNumber().pipe(z.number().min(1).max(10)).default(10),
});
const suggestions = z.array(z.object({ memberId: z.string(), nickname: z.string(), avatarUrl: z.string().nullable() }));

/**
 * Who `@` may mention, for the editor's autocomplete. Members only: mentions are written by signed-in members,
 * and a public prefix search would let anyone enumerate the member list; the rate limit keeps one member from
 * doing it either (an autocomplete asks once per typed letter, debounced).
 */
@ApiTags('forum')
@Controller('forum/members')
export class MembersController {
  constructor(private readonly lookup: MemberLookup) {}

  @Get('lookup')
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'member' })
  @ApiOkBody(suggestions)
  byPrefix(@ValidQuery(lookupQuery) query: z.infer<typeof lookupQuery>): Promise<MemberSuggestion[]> {
    return this.lookup.byNicknamePrefix(query.prefix, query.limit);
  }
}
