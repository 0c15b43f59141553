import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toast-store';
import { registerImageInserter } from '@/lib/editor-insert';
import { fakeFetch, json, type SentRequest } from '@/testing/fake-fetch';
import { renderWithProviders } from '@/testing/render';
import { setCurrentLanguage } from '@/stores/app-state';
import type { AssistantStatus } from '../api/assistant';
import { AssistantDialog } from './assistant-dialog';
import { AssistantEntry } from './assistant-entry';

const allowed: AssistantStatus = {
  enabled: true,
  allowed: true,
  message: '',
  provider: 'offline',
  maxQuestionLength: 2000,
};

/** An answer as the server streams it: Server-Sent Events, cut into small pieces. */
function sse(events: [string, unknown][]): Response {
  const text = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 0; index < bytes.length; index += 40) controller.enqueue(bytes.slice(index, index + 40));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function setup(routes: Parameters<typeof fakeFetch>[0], status = allowed, language: 'en' | 'zh' = 'en') {
  const network = fakeFetch({ 'GET /api/assistant/conversations': () => json(200, { items: [] }), ...routes });
  vi.stubGlobal('fetch', network.fetch);
  setCurrentLanguage(language);
  const onClose = vi.fn();
  renderWithProviders(<AssistantDialog status={status} onClose={onClose} />, { language });
  return { network, onClose };
}

const asked = (network: { sent: SentRequest[] }) =>
  network.sent.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/messages'));

beforeEach(() => setCurrentLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the AI assistant dialog', () => {
  it('refuses an empty question without asking the server', async () => {
    const user = userEvent.setup();
    const { network } = setup({});
    await user.type(screen.getByLabelText('Your question'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Type a question first.');
    expect(asked(network)).toEqual([]);
  });

  it('streams the offline answer as sanitized Markdown with its source links and images in the viewer', async () => {
    const user = userEvent.setup();
    const answer = [
      '**Offline assistant** · from the site search\n\n',
      '1. **[Recharging](/helpDetail?helpId=h1)** · Help center\n',
      '![chart](https://img.example/chart.png)\n\n',
      '<img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
    ];
    const sent: { url: URL; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://forum.test');
        if (init.method !== 'POST') return json(200, { items: [] });
        sent.push({ url, init });
        return sse([
          ['start', { conversationId: 'c', messageId: 'm', provider: 'offline' }],
          ['sources', { sources: [{ type: 'help', id: 'h1', title: 'Recharging', url: '/helpDetail?helpId=h1' }] }],
          ...answer.map((text): [string, unknown] => ['delta', { text }]),
          ['done', { messageId: 'm' }],
        ]);
      }),
    );
    renderWithProviders(<AssistantDialog status={allowed} onClose={vi.fn()} />);

    await user.type(screen.getByLabelText('Your question'), 'How do I recharge?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const link = await screen.findByRole('link', { name: 'Recharging' });
    expect(link.getAttribute('href')).toBe('/helpDetail?helpId=h1');
    const [request] = sent;
    expect(JSON.parse(String(request!.init.body))).toEqual({ question: 'How do I recharge?' });
    expect(request!.url.pathname).toMatch(/^\/api\/assistant\/conversations\/[0-9a-f-]{36}\/messages$/);
    expect(new Headers(request!.init.headers).get('Accept-Language')).toBe('en-US');
    const reply = document.querySelector('.assistant-message--assistant')!;
    expect(within(reply as HTMLElement).getByText('Offline assistant', { selector: '.badge' })).toBeTruthy();
    expect(within(reply as HTMLElement).getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(reply.querySelector('img[src="https://img.example/chart.png"]')).not.toBeNull();
    expect(reply.querySelector('img[src="x"], [onerror]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(reply.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows the status code, error code and message of a refusal and of a failure mid-stream', async () => {
    const user = userEvent.setup();
    let call = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://forum.test');
        if (init.method !== 'POST') return json(200, { items: [] });
        expect(url.pathname).toMatch(/\/messages$/);
        call += 1;
        if (call === 1) {
          return json(429, { code: 'assistant.rate_limited', message: 'Try again in 12 minutes.' });
        }
        return sse([
          ['start', { conversationId: 'c', messageId: 'm', provider: 'openai' }],
          ['delta', { text: 'Partial' }],
          ['error', { status: 502, code: 'assistant.provider_unauthorized', message: 'The AI service refused.' }],
        ]);
      }),
    );
    renderWithProviders(<AssistantDialog status={{ ...allowed, provider: 'openai' }} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Your question'), 'first');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByText(/assistant\.rate_limited/)).textContent).toBe(
      'Status 429 · assistant.rate_limited · Try again in 12 minutes.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false));
    await user.type(screen.getByLabelText('Your question'), 'second');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByText(/provider_unauthorized/)).textContent).toBe(
      'Status 502 · assistant.provider_unauthorized · The AI service refused.',
    );
    expect(screen.getByText('Partial')).toBeTruthy();
  });

  it('inserts an answer image into the open editor, or says it cannot', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) =>
        init.method === 'POST'
          ? sse([
              ['start', { conversationId: 'c', messageId: 'm', provider: 'openai' }],
              ['delta', { text: '![chart](https://img.example/c.png)' }],
              ['done', { messageId: 'm' }],
            ])
          : json(200, { items: [] }),
      ),
    );
    const show = vi.spyOn(toaster, 'show');
    renderWithProviders(<AssistantDialog status={{ ...allowed, provider: 'openai' }} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Your question'), 'a chart please');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const insert = await screen.findByRole('button', { name: 'Insert' });
    await user.click(insert);
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'error' }));
    const inserted: string[] = [];
    const unregister = registerImageInserter((url) => inserted.push(url));
    await user.click(insert);
    unregister();
    expect(inserted).toEqual(['https://img.example/c.png']);
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'success' }));
  });

  it('keeps working when the browser returns a promise from scrollIntoView (current Chromium)', async () => {
    const user = userEvent.setup();
    // React calls what an effect returns as its cleanup: a promise there crashed the whole app.
    Element.prototype.scrollIntoView = vi.fn(() => Promise.resolve()) as unknown as Element['scrollIntoView'];
    try {
      let questions = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
          if (init.method !== 'POST') return json(200, { items: [] });
          questions += 1;
          return sse([
            ['start', { conversationId: 'c', messageId: 'm', provider: 'offline' }],
            ['delta', { text: 'Use the **New topic** button.' }],
            ['done', { messageId: 'm' }],
          ]);
        }),
      );
      renderWithProviders(<AssistantDialog status={allowed} onClose={vi.fn()} />);
      await user.type(screen.getByLabelText('Your question'), 'How do I post?');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('New topic')).toBeTruthy();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false));
      await user.click(screen.getByRole('button', { name: 'New conversation' }));
      expect(screen.queryByText('New topic')).toBeNull();
      expect(questions).toBe(1);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('tells a member without the permission why, in Chinese', () => {
    setup({}, { ...allowed, allowed: false }, 'zh');
    expect(screen.getByRole('alert').textContent).toBe('您没有使用 AI 助手的权限。');
    expect(screen.queryByLabelText('你的问题')).toBeNull();
  });
});

describe('the AI assistant entry', () => {
  it('stays while the switch is off and shows the staff message, and opens the dialog while it is on', async () => {
    const user = userEvent.setup();
    const network = fakeFetch({
      'GET /api/assistant/status': () =>
        json(200, { ...allowed, enabled: false, allowed: false, message: 'The assistant rests until Monday.' }),
    });
    vi.stubGlobal('fetch', network.fetch);
    const { unmount } = renderWithProviders(<AssistantEntry />);
    await user.click(await screen.findByRole('button', { name: 'AI assistant' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The assistant rests until Monday.');
    expect(screen.queryByLabelText('Your question')).toBeNull();
    unmount();

    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/assistant/status': () => json(200, allowed),
        'GET /api/assistant/conversations': () =>
          json(200, {
            items: [{ conversationId: 'c1', title: 'Earlier question', createdAt: '', updatedAt: '', messageCount: 2 }],
          }),
      }).fetch,
    );
    renderWithProviders(<AssistantEntry />);
    await user.click(await screen.findByRole('button', { name: 'AI assistant' }));
    expect(await screen.findByRole('dialog', { name: /AI assistant/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Earlier question' })).toBeTruthy();
  });
});
