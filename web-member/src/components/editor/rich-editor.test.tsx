import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { Providers } from '@/testing/render';
import type { Language } from '@/lib/language';
import { RichEditor } from './rich-editor';

const members = [
  { memberId: 'm7', nickname: 'Alice', avatarUrl: null },
  { memberId: 'm8', nickname: 'alfred', avatarUrl: '/api/files/avatars/m8.png' },
];

function showEditor(language: Language = 'en', initialHtml = '') {
  const network = fakeFetch({
    'GET /api/forum/members/lookup': () => json(200, members),
    'POST /api/forum/uploads/videos': () => json(202, { videoId: 'vid42', state: 'processing' }),
  });
  vi.stubGlobal('fetch', network.fetch);
  const changes: string[] = [];
  render(
    <Providers language={language}>
      <RichEditor initialHtml={initialHtml} label="Content" onChange={(html) => changes.push(html)} />
    </Providers>,
  );
  const dom = document.querySelector<HTMLElement & { editor: Editor }>('.ProseMirror')!;
  return { network, changes, editor: dom.editor, dom };
}

/** jsdom does not run the browser's text input in a contenteditable: type through the editor, as input would. */
const typeText = (editor: Editor, text: string) => editor.chain().focus('end').insertContent(text).run();

// jsdom has no layout: ProseMirror measures ranges to scroll the cursor into view after focusing.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => vi.unstubAllGlobals());

describe('the topic editor', () => {
  it('suggests members while typing @name and inserts the chosen mention', async () => {
    const { network, changes, editor } = showEditor();
    typeText(editor, 'Thanks @al');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['@Alice', '@alfred']);
    const lookups = network.sent.filter((request) => request.url.pathname === '/api/forum/members/lookup');
    expect(lookups.at(-1)!.url.searchParams.get('prefix')).toBe('al');
    fireEvent.mouseDown(screen.getByRole('option', { name: '@alfred' }));
    expect(changes.at(-1)).toBe('<p>Thanks @alfred </p>');
    await waitFor(() => expect(list.isConnected).toBe(false));
  });

  it('moves through the suggestions with the keyboard and inserts with Enter (zh)', async () => {
    const { changes, editor, dom } = showEditor('zh');
    typeText(editor, '@A');
    await screen.findByRole('listbox', { name: '可提及的会员' });
    expect(screen.getByRole('option', { name: '@Alice' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(dom, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(screen.getByRole('option', { name: '@alfred' }).getAttribute('aria-selected')).toBe('true'),
    );
    fireEvent.keyDown(dom, { key: 'Enter' });
    expect(changes.at(-1)).toBe('<p>@alfred </p>');
  });

  it('offers nothing for an @ inside an e-mail address', async () => {
    const { network, editor } = showEditor();
    typeText(editor, 'mail me at ann@al');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(network.sent.filter((request) => request.url.pathname === '/api/forum/members/lookup')).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('uploads a video and inserts its player; a stored player survives editing', async () => {
    const user = userEvent.setup();
    const { network, changes } = showEditor('en', '<p>Watch</p>');
    await user.upload(screen.getByLabelText('Video'), new File(['mp4'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(changes.at(-1)).toContain('<player data-video-id="vid42"></player>'));
    const upload = network.sent.find((request) => request.url.pathname === '/api/forum/uploads/videos')!;
    expect(upload.method).toBe('POST');
    expect(upload.formData?.get('file')).toBeInstanceOf(File);

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const again = showEditor('en', '<p>Watch</p><player data-video-id="vid42"></player>');
    again.editor.commands.insertContentAt(1, 'See: ');
    expect(again.changes.at(-1)).toContain('<p>See: Watch</p><player data-video-id="vid42"></player>');
  });

  it('sends a stored hidden block back with its id when editing, and a new block without one', async () => {
    const user = userEvent.setup();
    const stored = '<p>Intro</p><hide type="50" value="199" data-block-id="bStable_1"><p>Paid part</p></hide>';
    const { editor, changes } = showEditor('en', stored);
    editor.commands.insertContentAt(1, 'Edited: ');
    await waitFor(() => expect(changes.at(-1)).toContain('<hide type="50" value="199" data-block-id="bStable_1">'));
    await user.click(screen.getByRole('button', { name: 'Insert hidden content' }));
    await user.selectOptions(screen.getByLabelText('Hidden content type'), '20');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(changes.at(-1)).toContain('<hide type="20">'));
    expect(changes.at(-1)).toContain('data-block-id="bStable_1"');
    expect(changes.at(-1)!.match(/data-block-id=/g)).toHaveLength(1);
  }, 20_000);

  it('offers no hidden blocks where nothing unlocks them (Q&A)', () => {
    render(
      <Providers language="en">
        <RichEditor initialHtml="<p>Ask</p>" label="Content" hiddenBlocks={false} onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: 'Insert hidden content' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
  });

  it('inserts paid blocks: a points price as points, a balance price typed in yuan stored as fen', async () => {
    const user = userEvent.setup();
    const { changes } = showEditor('en', '<p>Buy</p>');
    const insert = async (type: string, label: string, value: string) => {
      await user.click(screen.getByRole('button', { name: 'Insert hidden content' }));
      await user.selectOptions(screen.getByLabelText('Hidden content type'), type);
      await user.type(screen.getByLabelText(label), value);
    };
    await insert('40', 'Price (points)', '0');
    expect(screen.getByRole('button', { name: 'Insert' })).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Price (points)'));
    await user.type(screen.getByLabelText('Price (points)'), '30');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(changes.at(-1)).toContain('<hide type="40" value="30">'));

    await insert('50', 'Price (yuan, e.g. 1.99)', '1.999');
    expect(screen.getByRole('button', { name: 'Insert' })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Price (yuan, e.g. 1.99)'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(changes.at(-1)).toContain('<hide type="50" value="199">'));
  }, 20_000);
});
