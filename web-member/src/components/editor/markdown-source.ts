import { api } from '@/lib/api/client';

/** What a write's `content` is (ADR 0033): the rich editor's HTML, or Markdown the server converts. */
export type ContentFormat = 'html' | 'markdown';

/**
 * The rich editor's HTML as Markdown text, for switching to Markdown without losing anything: Markdown accepts
 * HTML, so each top-level block stays HTML on a paragraph of its own, a hidden block's `<hide …>` and `</hide>`
 * on lines of their own around its blocks (the server reads the tag, with its `data-block-id`, ADR 0025). Line
 * breaks inside a block (a code block's) become `&#10;`, so no blank line ends the block early.
 */
export function richToMarkdownSource(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return blocksOf(body).join('\n\n');
}

function blocksOf(parent: Element): string[] {
  return [...parent.childNodes].flatMap((node): string[] => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent?.trim() ?? '';
      return text ? [escapeText(text)] : [];
    }
    if (!(node instanceof Element)) return [];
    const tag = node.localName;
    if (tag === 'hide') {
      const shell = node.cloneNode(false) as Element;
      const open = shell.outerHTML.replace(/<\/hide>$/, '');
      return [open, ...blocksOf(node), '</hide>'];
    }
    const outer = node.outerHTML.replace(/\r?\n/g, '&#10;');
    // A custom element is an HTML block only when its opening tag stands alone on its line.
    if (tag === 'player') return [outer.replace(/<\/player>$/, '\n</player>')];
    return [outer];
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `POST /api/forum/markdown/preview`: the HTML the server would store for this Markdown (its one converter and
 * sanitizer); hidden blocks dropped when the content holds none (`hiddenBlocks` false, Q&A).
 */
export async function previewMarkdown(content: string, hiddenBlocks: boolean): Promise<string> {
  const answer = await api.request<{ html: string }>('POST', '/api/forum/markdown/preview', {
    json: { content, hiddenBlocks },
    silent: true,
  });
  return answer.html;
}
