import type { SignedIn } from '@forum/platform';

/** Who acts: staff may edit and delete anyone's comment, reply or like; members only their own (`requireMember`). */
export type Editor = SignedIn;
