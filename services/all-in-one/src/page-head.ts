import { plainTextSummary } from '@forum/platform';

/** What a page's `<head>` says about it to search engines and link previews (chat apps run no JavaScript). */
export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  /** The page's own address (`/thread?topicId=…`), made absolute with the site's origin. */
  canonicalPath: string;
  /** Open Graph type. */
  type: 'website' | 'article' | 'profile';
  lang: 'zh-CN' | 'en';
  /** The interface language the link named (`?lang=`): the page's own canonical address keeps it. */
  linkedLanguage: 'zh' | 'en' | null;
  /** schema.org data for rich results, or null. */
  jsonLd: Record<string, unknown> | null;
}

/** A visitor's GET of the site's own API, in process: status and parsed JSON. */
export type VisitorGet = (url: string) => Promise<{ status: number; body: unknown }>;

interface SiteInfo {
  title: string;
  description: string;
  keywords: string;
  defaultLanguage: string;
}

interface Author {
  memberId: string | null;
  nickname: string | null;
}

interface TopicView {
  title: string;
  summary: string;
  author: Author;
  postedAt: string;
  editedAt: string | null;
  commentCount: number;
  likeCount: number;
  tags: { name: string }[];
}

interface AnswerView {
  answerId: string;
  author: Author;
  content: string;
  postedAt: string;
  adopted: boolean;
  deleted: boolean;
  likeCount: number;
}

interface QuestionView {
  title: string;
  summary: string;
  content: string;
  asker: Author;
  askedAt: string;
  answerCount: number;
  likeCount: number;
  tags: { name: string }[];
  answers: AnswerView[];
}

interface MemberView {
  nickname: string | null;
}

const DESCRIPTION_LENGTH = 160;

/**
 * The head of a member-site page, from what a visitor may read through the API (so nothing locked can leak into
 * it): topics, questions and member pages get their own title, description and structured data; every other
 * page the site's own. Null when the site cannot say (the API is down): the page keeps its static head.
 */
export async function pageHead(pathname: string, search: URLSearchParams, get: VisitorGet): Promise<PageHead | null> {
  const site = await get('/baseInfo');
  if (site.status !== 200) return null;
  const info = site.body as SiteInfo;
  const linked = search.get('lang')?.toLowerCase();
  const base: PageHead = {
    title: info.title,
    description: info.description || info.title,
    keywords: info.keywords,
    canonicalPath: pathname === '/' ? '/' : pathname,
    type: 'website',
    lang: linked === 'en' || (linked !== 'zh' && info.defaultLanguage === 'en_US') ? 'en' : 'zh-CN',
    linkedLanguage: linked === 'zh' || linked === 'en' ? linked : null,
    jsonLd: null,
  };
  const topicId = pathname === '/thread' ? search.get('topicId') : null;
  if (topicId) {
    const { status, body } = await get(`/api/forum/topics/${encodeURIComponent(topicId)}`);
    return status === 200 ? topicHead(base, info, topicId, body as TopicView) : base;
  }
  const questionId = pathname === '/question' ? search.get('questionId') : null;
  if (questionId) {
    const { status, body } = await get(`/api/qa/questions/${encodeURIComponent(questionId)}`);
    return status === 200 ? questionHead(base, info, questionId, body as QuestionView) : base;
  }
  const memberId = /^\/user\/([A-Za-z0-9_-]{1,64})$/.exec(pathname)?.[1];
  if (memberId && memberId !== 'control' && memberId !== 'editTopic') {
    const { status, body } = await get(`/api/identity/members/${memberId}`);
    const nickname = status === 200 ? (body as MemberView).nickname : null;
    return nickname ? { ...base, title: `${nickname} - ${info.title}`, type: 'profile' } : base;
  }
  const tagId = pathname === '/' ? search.get('tagId') : null;
  return tagId ? { ...base, canonicalPath: `/?tagId=${encodeURIComponent(tagId)}` } : base;
}

function topicHead(base: PageHead, info: SiteInfo, topicId: string, topic: TopicView): PageHead {
  const path = `/thread?topicId=${encodeURIComponent(topicId)}`;
  return {
    ...base,
    title: `${topic.title} - ${info.title}`,
    description: cut(topic.summary) || base.description,
    keywords: [...topic.tags.map((tag) => tag.name), info.keywords].filter(Boolean).join(','),
    canonicalPath: path,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'DiscussionForumPosting',
      headline: topic.title,
      text: topic.summary,
      url: path,
      author: person(topic.author),
      datePublished: topic.postedAt,
      ...(topic.editedAt ? { dateModified: topic.editedAt } : {}),
      commentCount: topic.commentCount,
      interactionStatistic: [
        interaction('CommentAction', topic.commentCount),
        interaction('LikeAction', topic.likeCount),
      ],
    },
  };
}

function questionHead(base: PageHead, info: SiteInfo, questionId: string, question: QuestionView): PageHead {
  const path = `/question?questionId=${encodeURIComponent(questionId)}`;
  const answers = question.answers.filter((answer) => !answer.deleted);
  const answer = (item: AnswerView) => ({
    '@type': 'Answer',
    text: plainTextSummary(item.content, 1_000),
    author: person(item.author),
    datePublished: item.postedAt,
    upvoteCount: item.likeCount,
    url: `${path}#answer-${encodeURIComponent(item.answerId)}`,
  });
  const accepted = answers.find((item) => item.adopted);
  return {
    ...base,
    title: `${question.title} - ${info.title}`,
    description: cut(question.summary) || base.description,
    keywords: [...question.tags.map((tag) => tag.name), info.keywords].filter(Boolean).join(','),
    canonicalPath: path,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'QAPage',
      mainEntity: {
        '@type': 'Question',
        name: question.title,
        text: plainTextSummary(question.content, 1_000) || question.title,
        author: person(question.asker),
        datePublished: question.askedAt,
        answerCount: answers.length,
        upvoteCount: question.likeCount,
        ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
        suggestedAnswer: answers.filter((item) => item !== accepted).map(answer),
      },
    },
  };
}

function person(author: Author) {
  return {
    '@type': 'Person',
    name: author.nickname ?? '',
    ...(author.memberId ? { url: `/user/${encodeURIComponent(author.memberId)}` } : {}),
  };
}

function interaction(type: string, count: number) {
  return { '@type': 'InteractionCounter', interactionType: `https://schema.org/${type}`, userInteractionCount: count };
}

function cut(text: string): string {
  const chars = [...text];
  return chars.length > DESCRIPTION_LENGTH ? `${chars.slice(0, DESCRIPTION_LENGTH - 1).join('')}…` : text;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Absolute URLs in the structured data: crawlers resolve nothing themselves there. */
function absolute(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absolute(item, origin));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === 'url' && typeof item === 'string' ? origin + item : absolute(item, origin),
      ]),
    );
  return value;
}

/**
 * The built `index.html` with this page's head: its `<title>` replaced by the title, description, keywords,
 * canonical link, Open Graph and Twitter card tags and the JSON-LD block, and `<html lang>` set. JSON-LD is
 * escaped so that no text can close its script element.
 */
export function withHead(indexHtml: string, head: PageHead, origin: string): string {
  const page = origin + head.canonicalPath;
  // The same page in each interface language (`?lang=`, which the member site remembers as the visitor's choice).
  const inLanguage = (lang: string) => `${page}${page.includes('?') ? '&' : '?'}lang=${lang}`;
  const url = head.linkedLanguage ? inLanguage(head.linkedLanguage) : page;
  const tags = [
    `<title>${escape(head.title)}</title>`,
    `<meta name="description" content="${escape(head.description)}" />`,
    head.keywords ? `<meta name="keywords" content="${escape(head.keywords)}" />` : '',
    `<link rel="canonical" href="${escape(url)}" />`,
    `<link rel="alternate" hreflang="zh-CN" href="${escape(inLanguage('zh'))}" />`,
    `<link rel="alternate" hreflang="en" href="${escape(inLanguage('en'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escape(page)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escape(head.title)}" />`,
    `<meta property="og:description" content="${escape(head.description)}" />`,
    `<meta property="og:url" content="${escape(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escape(head.title)}" />`,
    `<meta name="twitter:description" content="${escape(head.description)}" />`,
    head.jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(absolute(head.jsonLd, origin)).replace(/</g, '\\u003c')}</script>`
      : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => tags)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${head.lang}"`);
}
