import type { AssistantSource, Language } from '@forum/contracts';
import type { AnswerChunk, AssistantProvider, AssistantRequest, PublicSnippet } from './assistant-provider';
import { escapeMarkdown, markdownUrl } from './markdown';

const TEXT = {
  zh: {
    label: '**离线助手** · 本回答由站内搜索整理，没有使用 AI 模型。',
    found: (question: string) => `关于「${question}」，帮助中心和公开帖子里有这些内容：`,
    none: '没有在帮助中心和公开帖子中找到相关内容。换个说法试试，或浏览[帮助中心](/help)。',
    more: (keyword: string) => `想了解更多，可以浏览[帮助中心](/help)或[搜索全站](/search?keyword=${keyword})。`,
    kinds: { help: '帮助中心', topic: '帖子', question: '问答' },
  },
  en: {
    label: '**Offline assistant** · This answer was put together by the site search, without an AI model.',
    found: (question: string) => `About “${question}”, the help center and public posts have this:`,
    none: 'Nothing in the help center or in public posts matches. Try other words, or browse the [help center](/help).',
    more: (keyword: string) =>
      `For more, browse the [help center](/help) or [search the site](/search?keyword=${keyword}).`,
    kinds: { help: 'Help center', topic: 'Topic', question: 'Q&A' },
  },
} satisfies Record<Language, unknown>;

/** Characters of the question repeated in the answer's lead. */
const QUOTED_QUESTION = 80;
/** Help articles first: they are the site's own word; then posts in search order. */
const KIND_ORDER = { help: 0, question: 1, topic: 2 } as const;

/**
 * The built-in offline assistant (docs/rules/assistant.md, ADR 0022): no model, no network. It answers with the public content
 * the search found for the question — help articles first, then topics and questions — each cited with its link,
 * and says plainly that it is the offline assistant. It only ever sees `request.context`, which holds public
 * content without hidden blocks.
 */
export class OfflineProvider implements AssistantProvider {
  readonly kind = 'offline';
  readonly model = 'offline';

  async *answer(request: AssistantRequest): AsyncGenerator<AnswerChunk> {
    const text = TEXT[request.language];
    const items = [...request.context].sort((a, b) => KIND_ORDER[a.type] - KIND_ORDER[b.type]);
    yield { type: 'delta', text: `${text.label}\n\n` };
    if (items.length === 0) {
      yield { type: 'delta', text: `${text.none}\n` };
      return;
    }
    const sources = items.map(({ type, id, title, url }): AssistantSource => ({ type, id, title, url }));
    yield { type: 'sources', sources };
    const question = request.question.replace(/\s+/g, ' ').trim();
    const quoted = question.length > QUOTED_QUESTION ? `${question.slice(0, QUOTED_QUESTION)}…` : question;
    yield { type: 'delta', text: `${text.found(escapeMarkdown(quoted))}\n\n` };
    for (const [index, item] of items.entries()) {
      yield { type: 'delta', text: this.entry(index + 1, item, request.language) };
    }
    yield { type: 'delta', text: `\n${text.more(markdownUrl(encodeURIComponent(question.slice(0, 100))))}\n` };
  }

  private entry(position: number, item: PublicSnippet, language: Language): string {
    const title = escapeMarkdown(item.title) || item.url;
    const kind = TEXT[language].kinds[item.type];
    const snippet = item.snippet.trim() ? `\n   ${escapeMarkdown(item.snippet.trim())}` : '';
    return `${position}. **[${title}](${markdownUrl(item.url)})** · ${kind}${snippet}\n`;
  }
}
