import type { EmailGroup } from '@forum/contracts';

const GROUP_NAMES: Record<EmailGroup, { zh: string; en: string }> = {
  replies: { zh: '回复与引用', en: 'replies and quotes' },
  mentions: { zh: '@提及', en: 'mentions' },
  privateMessages: { zh: '私信', en: 'private messages' },
  answers: { zh: '问答的回答与采纳', en: 'Q&A answers and adoptions' },
  follows: { zh: '关注', en: 'follows' },
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page an unsubscribe link opens, in both languages (the visitor is not signed in, so the site cannot know
 * theirs): what stopped, or that the link is not valid; either way, where the choices can be changed.
 */
export function unsubscribePage(groups: EmailGroup[] | null, settingsUrl: string): string {
  const zh = groups
    ? `已退订：${groups.map((group) => GROUP_NAMES[group].zh).join('、')}的邮件通知。`
    : '退订链接无效，未做任何更改。';
  const en = groups
    ? `Unsubscribed: no more emails about ${groups.map((group) => GROUP_NAMES[group].en).join(', ')}.`
    : 'This unsubscribe link is not valid; nothing was changed.';
  const link = escape(settingsUrl);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${groups ? '已退订 · Unsubscribed' : '链接无效 · Invalid link'}</title></head>
<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.6">
<h1 style="font-size: 1.3rem">${escape(zh)}</h1>
<p lang="en">${escape(en)}</p>
<p><a href="${link}">修改邮件通知</a> · <a href="${link}" lang="en">Change your email notifications</a></p>
</body></html>
`;
}
