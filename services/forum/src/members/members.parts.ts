import { MemberLookup } from './member-lookup';
import { MembersController } from './members.controller';

/** Mention autocomplete: what the forum module mounts for it. */
export const MEMBER_CONTROLLERS = [MembersController];
export const MEMBER_PROVIDERS = [MemberLookup];
