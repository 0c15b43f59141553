import { EMAIL_GROUPS } from '@forum/contracts';
import type { EmailGroup, EmailMode } from '@forum/contracts';

/**
 * The reminder types of each email group. Types in no group (likes 70 and 260–300, unlock 60) are never emailed:
 * they are the news a member reads on the site, not the news worth an email.
 */
export const EMAIL_GROUP_TYPES: Record<Exclude<EmailGroup, 'privateMessages'>, readonly number[]> = {
  replies: [10, 20, 30, 40, 50, 55, 130, 140, 150, 160],
  mentions: [200, 210, 220, 230, 240, 250],
  answers: [120, 310],
  follows: [80, 90, 100, 110, 170, 180, 190],
};

/** New members: a daily digest of what is addressed to them; the busy follow fan-out only when they ask for it. */
export const DEFAULT_EMAIL_MODES: Record<EmailGroup, EmailMode> = {
  replies: 'daily',
  mentions: 'daily',
  privateMessages: 'daily',
  answers: 'daily',
  follows: 'never',
};

const GROUP_OF_TYPE = new Map<number, EmailGroup>(
  Object.entries(EMAIL_GROUP_TYPES).flatMap(([group, types]) => types.map((type) => [type, group as EmailGroup])),
);

/**
 * The group of a reminder: that of its most specific type the member still receives on the site (a delivery lists
 * its types most specific first). A reminder the member turned off on the site is not emailed either.
 */
export function emailGroupOf(
  types: readonly number[],
  wanted: (type: number) => boolean,
): { group: EmailGroup; type: number } | null {
  for (const type of types) {
    if (!wanted(type)) continue;
    const group = GROUP_OF_TYPE.get(type);
    if (group) return { group, type };
  }
  return null;
}

export const isEmailGroup = (value: string): value is EmailGroup => (EMAIL_GROUPS as readonly string[]).includes(value);
