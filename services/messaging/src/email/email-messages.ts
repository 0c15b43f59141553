import type { EmailGroup, EmailLanguage } from '@forum/contracts';

/** One thing worth an email: a reminder or a private message, with what the text needs already looked up. */
export interface EmailItem {
  /** The reminder's id (its source event) or the private message's id. */
  itemId: string;
  group: EmailGroup;
  /** The reminder type the email names; null for a private message. */
  type: number | null;
  /** Null when the sender's account is cancelled. */
  senderName: string | null;
  /** The topic's or question's title. */
  title: string | null;
  /** A short plain-text excerpt (never hidden content: reminders carry none). */
  summary: string | null;
  /** Where it is on the member site (a path). */
  path: string;
  at: string;
}

export interface EmailLinks {
  base: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
}

/** Lines listed in one digest; the rest are counted and linked (1,000 reminders still make a readable email). */
export const DIGEST_LISTED_ITEMS = 100;

const GROUP_NAMES: Record<EmailLanguage, Record<EmailGroup, string>> = {
  zh: {
    replies: '回复与引用',
    mentions: '@提及',
    privateMessages: '私信',
    answers: '问答的回答与采纳',
    follows: '关注',
  },
  en: {
    replies: 'replies and quotes',
    mentions: 'mentions',
    privateMessages: 'private messages',
    answers: 'Q&A answers and adoptions',
    follows: 'follows',
  },
};

function sentence(language: EmailLanguage, item: EmailItem): string {
  const zh = language === 'zh';
  const name = item.senderName ?? (zh ? '已注销用户' : 'A cancelled account');
  switch (item.group) {
    case 'privateMessages':
      return zh ? `${name} 给你发了私信` : `${name} sent you a private message`;
    case 'mentions':
      return zh ? `${name} 提到了你` : `${name} mentioned you`;
    case 'answers':
      if (item.type === 310) return zh ? `${name} 采纳了你的答案` : `${name} adopted your answer`;
      return zh ? `${name} 回答了你的问题` : `${name} answered your question`;
    case 'follows':
      if (item.type === 80) return zh ? `${name} 关注了你` : `${name} followed you`;
      return zh ? `你关注的 ${name} 发布了新内容` : `${name}, whom you follow, posted something new`;
    case 'replies':
      if (item.type === 30) return zh ? `${name} 引用了你的评论` : `${name} quoted your comment`;
      return zh ? `${name} 回复了你` : `${name} replied to you`;
    default: {
      const unknown: never = item.group;
      throw new Error(`unknown email group ${String(unknown)}`);
    }
  }
}

function itemLines(language: EmailLanguage, item: EmailItem, base: string): string[] {
  const title = item.title ? (language === 'zh' ? `「${item.title}」` : `"${item.title}"`) : null;
  return [
    title ? `${sentence(language, item)}: ${title}` : sentence(language, item),
    ...(item.summary ? [`  ${item.summary}`] : []),
    `  ${base}${item.path}`,
  ];
}

function footer(language: EmailLanguage, groups: EmailGroup[], links: EmailLinks): string[] {
  const names = groups.map((group) => GROUP_NAMES[language][group]).join(language === 'zh' ? '、' : ', ');
  return language === 'zh'
    ? [
        '—',
        `你收到这封邮件，是因为你选择了接收“${names}”的邮件通知。`,
        `修改邮件通知：${links.settingsUrl}`,
        `一键退订这些邮件：${links.unsubscribeUrl}`,
      ]
    : [
        '—',
        `You receive this email because you chose email notifications for ${names}.`,
        `Change your email notifications: ${links.settingsUrl}`,
        `Unsubscribe from these emails in one click: ${links.unsubscribeUrl}`,
      ];
}

/** One reminder or private message, one email. */
export function renderImmediate(
  language: EmailLanguage,
  siteTitle: string,
  item: EmailItem,
  links: EmailLinks,
): RenderedEmail {
  return {
    subject: `[${siteTitle}] ${sentence(language, item)}`,
    text: [...itemLines(language, item, links.base), '', ...footer(language, [item.group], links)].join('\n'),
  };
}

/** Everything since the last digest, by group, at most `DIGEST_LISTED_ITEMS` lines. */
export function renderDigest(
  language: EmailLanguage,
  siteTitle: string,
  items: EmailItem[],
  links: EmailLinks & { remindersUrl: string },
): RenderedEmail {
  const zh = language === 'zh';
  const groups = [...new Set(items.map((item) => item.group))];
  const sorted = [...items].sort(
    (a, b) => groups.indexOf(a.group) - groups.indexOf(b.group) || a.at.localeCompare(b.at),
  );
  const listed = sorted.slice(0, DIGEST_LISTED_ITEMS);
  const lines: string[] = [
    zh ? `自上次摘要以来，你有 ${items.length} 条新通知：` : `${items.length} new since your last digest:`,
  ];
  let group: EmailGroup | null = null;
  for (const item of listed) {
    if (item.group !== group) {
      group = item.group;
      lines.push('', `${GROUP_NAMES[language][group]} (${items.filter((entry) => entry.group === group).length})`);
    }
    lines.push(...itemLines(language, item, links.base));
  }
  const rest = items.length - listed.length;
  if (rest > 0) {
    lines.push(
      '',
      zh ? `还有 ${rest} 条，请在网站上查看：${links.remindersUrl}` : `${rest} more on the site: ${links.remindersUrl}`,
    );
  }
  return {
    subject: zh
      ? `[${siteTitle}] 每日摘要：${items.length} 条新通知`
      : `[${siteTitle}] Daily digest: ${items.length} new`,
    text: [...lines, '', ...footer(language, groups, links)].join('\n'),
  };
}
