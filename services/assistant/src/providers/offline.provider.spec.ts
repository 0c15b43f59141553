import type { AnswerChunk, AssistantRequest, PublicSnippet } from './assistant-provider';
import { OfflineProvider } from './offline.provider';

const item = (overrides: Partial<PublicSnippet>): PublicSnippet => ({
  type: 'topic',
  id: 't1',
  title: 'Topic',
  snippet: 'text',
  url: '/thread?topicId=t1',
  ...overrides,
});

async function answer(overrides: Partial<AssistantRequest>) {
  const chunks: AnswerChunk[] = [];
  const request: AssistantRequest = {
    question: 'q',
    history: [],
    language: 'en',
    context: [],
    signal: new AbortController().signal,
    ...overrides,
  };
  for await (const chunk of new OfflineProvider().answer(request)) chunks.push(chunk);
  const text = chunks.flatMap((chunk) => (chunk.type === 'delta' ? [chunk.text] : [])).join('');
  return { chunks, text };
}

describe('the offline assistant', () => {
  it('lists help articles before posts, each linked, and cites them as sources', async () => {
    const { chunks, text } = await answer({
      language: 'zh',
      question: '怎么充值',
      context: [
        item({ title: '充值帖子' }),
        item({ type: 'help', id: 'h1', title: '充值帮助', url: '/helpDetail?helpId=h1' }),
      ],
    });
    expect(text.startsWith('**离线助手**')).toBe(true);
    expect(text.indexOf('[充值帮助](/helpDetail?helpId=h1)')).toBeLessThan(
      text.indexOf('[充值帖子](/thread?topicId=t1)'),
    );
    expect(chunks.find((chunk) => chunk.type === 'sources')).toEqual({
      type: 'sources',
      sources: [
        { type: 'help', id: 'h1', title: '充值帮助', url: '/helpDetail?helpId=h1' },
        { type: 'topic', id: 't1', title: '充值帖子', url: '/thread?topicId=t1' },
      ],
    });
  });

  it('keeps titles and snippets as text: no link, image or HTML can be smuggled in', async () => {
    const { text } = await answer({
      context: [
        item({
          title: '[click](javascript:alert(1)) <img src=x onerror=alert(1)>',
          snippet: '![x](http://evil/x.png)',
        }),
      ],
    });
    expect(text).not.toMatch(/(?<!\\)\]\(javascript:|(?<!\\)<img|(?<!\\)!(?<!\\)\[x/);
    expect(text).toContain('\\[click\\]\\(javascript:alert\\(1\\)\\) \\<img src=x onerror=alert\\(1\\)\\>');
  });
});
