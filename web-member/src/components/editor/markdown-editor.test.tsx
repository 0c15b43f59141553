import { render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { Providers } from '@/testing/render';
import type { Language } from '@/lib/language';
import { richToMarkdownSource, type ContentFormat } from './markdown-source';
import { RichEditor } from './rich-editor';

/** The server's preview: what `POST /api/forum/markdown/preview` would answer for the two texts used here. */
const PREVIEWS: Record<string, string> = {
  '## Route\n\n:::hide password demo\nMeet at **noon**\n:::':
    '<h2>Route</h2>\n<hide type="10" value="demo">\n<p>Meet at <strong>noon</strong></p>\n</hide>',
  '**fine**': '<p><strong>fine</strong></p>',
};

function showEditor({
  language = 'en',
  initialHtml = '',
  initialFormat,
  hiddenBlocks,
}: { language?: Language; initialHtml?: string; initialFormat?: ContentFormat; hiddenBlocks?: boolean } = {}) {
  const network = fakeFetch({
    'GET /api/forum/members/lookup': () => json(200, []),
    'POST /api/forum/markdown/preview': (request) => {
      const { content } = JSON.parse(request.body ?? '{}') as { content: string };
      return PREVIEWS[content] === undefined
        ? json(500, { code: 'common.internal' })
        : json(200, { html: PREVIEWS[content] });
    },
  });
  vi.stubGlobal('fetch', network.fetch);
  const changes: [string, ContentFormat][] = [];
  const formats: ContentFormat[] = [];
  render(
    <Providers language={language}>
      <RichEditor
        initialHtml={initialHtml}
        initialFormat={initialFormat}
        hiddenBlocks={hiddenBlocks}
        label="Content"
        onChange={(content, format) => changes.push([content, format])}
        onFormatChange={(format) => formats.push(format)}
      />
    </Providers>,
  );
  const dom = document.querySelector<HTMLElement & { editor: Editor }>('.ProseMirror')!;
  return { network, changes, formats, editor: dom.editor };
}

beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => vi.unstubAllGlobals());

describe("the editor's Markdown mode", () => {
  it('switches to a text area with a help line naming the hidden-block syntax, and reports Markdown', async () => {
    const user = userEvent.setup();
    const { changes, formats } = showEditor();
    expect(screen.getByRole('button', { name: 'Rich text' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    expect(formats).toEqual(['markdown']);
    const source = screen.getByRole('textbox', { name: 'Content' });
    expect(source.tagName).toBe('TEXTAREA');
    expect(screen.getByText(/:::hide password demo/).textContent).toMatch(/a line “:::”/);
    expect(source.getAttribute('aria-describedby')).toBe(screen.getByText(/:::hide password demo/).parentElement!.id);
    await user.type(source, '**fine**');
    expect(changes.at(-1)).toEqual(['**fine**', 'markdown']);
    expect(screen.queryByRole('button', { name: 'Bold' })).toBeNull();
  });

  it("previews through the server's converter, hidden blocks under their labels (zh)", async () => {
    const user = userEvent.setup();
    const markdown = '## Route\n\n:::hide password demo\nMeet at **noon**\n:::';
    const { network } = showEditor({ language: 'zh', initialHtml: markdown, initialFormat: 'markdown' });
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' }).value).toBe(markdown);
    expect(screen.getByText(/:::hide 密码 demo/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '预览' }));
    const panel = screen.getByRole('tabpanel', { name: '预览' });
    await waitFor(() => expect(panel.querySelector('h2')?.textContent).toBe('Route'));
    expect(panel.querySelector('hide strong')?.textContent).toBe('noon');
    const sent = network.sent.find((request) => request.url.pathname === '/api/forum/markdown/preview')!;
    expect(JSON.parse(sent.body!)).toEqual({ content: markdown, hiddenBlocks: true });
    await user.click(screen.getByRole('tab', { name: '编写' }));
    expect(screen.getByRole('textbox', { name: 'Content' })).toBeTruthy();
  });

  it('switches back to rich text with the HTML the server rendered; a failure keeps the Markdown', async () => {
    const user = userEvent.setup();
    const { changes, formats, editor } = showEditor({ initialHtml: 'unknown text', initialFormat: 'markdown' });
    await user.click(screen.getByRole('button', { name: 'Rich text' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not switch back to rich text. Try again.');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' }).value).toBe('unknown text');
    expect(formats).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Content' }));
    await user.type(screen.getByRole('textbox', { name: 'Content' }), '**fine**');
    await user.click(screen.getByRole('button', { name: 'Rich text' }));
    await waitFor(() => expect(formats).toEqual(['html']));
    expect(changes.at(-1)).toEqual(['<p><strong>fine</strong></p>', 'html']);
    expect(editor.getHTML()).toBe('<p><strong>fine</strong></p>');
  });

  it('keeps the rich content, hidden blocks and their ids, as HTML the Markdown accepts', async () => {
    const user = userEvent.setup();
    const stored = '<p>Intro</p><hide type="40" value="5" data-block-id="bKeep_1"><p>Paid</p></hide>';
    const { changes } = showEditor({ initialHtml: stored });
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    expect(changes.at(-1)).toEqual([
      '<p>Intro</p>\n\n<hide type="40" value="5" data-block-id="bKeep_1">\n\n<p>Paid</p>\n\n</hide>',
      'markdown',
    ]);
  });

  it('offers no hidden-block syntax where there are no hidden blocks (Q&A)', async () => {
    const user = userEvent.setup();
    showEditor({ hiddenBlocks: false });
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    expect(screen.queryByText(/:::hide/)).toBeNull();
    expect(screen.getByText(/\*\*bold\*\*/)).toBeTruthy();
  });
});

describe('rich HTML as Markdown text', () => {
  it('one block a paragraph, line breaks in code kept inside the block, players on lines of their own', () => {
    expect(
      richToMarkdownSource(
        '<h2>T</h2><pre><code class="language-ts">a\n\nb</code></pre><player data-video-id="v1"></player>',
      ),
    ).toBe(
      '<h2>T</h2>\n\n<pre><code class="language-ts">a&#10;&#10;b</code></pre>\n\n<player data-video-id="v1">\n</player>',
    );
  });
});
