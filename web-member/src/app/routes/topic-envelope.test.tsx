import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { envelopeSettings } from '@/features/wallet/testing/wallet-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, errorOf } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

const tags = { items: [{ tagId: 'go', name: 'Go', parentId: null, sort: 0, leaf: true, children: [] }] };

// jsdom has no layout: ProseMirror measures ranges to scroll the cursor into view after focusing.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm2', account: 'bob', nickname: 'Bob' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

function showForm(language: 'en' | 'zh' = 'en', routes: NonNullable<Parameters<typeof renderApp>[1]>['routes'] = {}) {
  return renderApp('/addTopic', {
    language,
    routes: {
      'GET /api/forum/tags': () => json(200, tags),
      'GET /api/wallet/envelopes/settings': () => json(200, envelopeSettings),
      'POST /api/forum/topics': () => json(201, { topicId: 't9', version: 1, visible: true }),
      'GET /api/forum/topics/t9': () => json(200, topicDetail({ topicId: 't9' })),
      'GET /api/forum/topics/t9/comments': () => json(200, page([])),
      ...routes,
    },
  });
}

/** Title, a tag and some content: the rest of the topic is valid. */
async function fillTopic(user: ReturnType<typeof userEvent.setup>, title = 'Lucky day') {
  await user.type(await screen.findByLabelText(/^(Title|标题)$/), title);
  await user.click(await screen.findByRole('checkbox', { name: 'Go' }));
  const dom = document.querySelector<HTMLElement & { editor: Editor }>('.ProseMirror')!;
  dom.editor.chain().focus('end').insertContent('Take one!').run();
}

const sentEnvelope = (network: ReturnType<typeof showForm>['network']) => {
  const posts = callsTo(network.sent, 'POST', '/api/forum/topics');
  return posts.length ? (JSON.parse(posts.at(-1)!.body!) as { redEnvelope?: unknown }).redEnvelope : undefined;
};

describe('/addTopic red envelope', () => {
  it('checks amount, shares, bounds and balance before posting a random envelope', async () => {
    const user = userEvent.setup();
    const { network, router } = showForm();
    await fillTopic(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Attach a red envelope' }));
    expect(screen.getByText('Total between ¥1.00 and ¥200.00. Your available balance: ¥50.00.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Random amounts' }).checked).toBe(true);
    const amount = screen.getByLabelText('Total amount (yuan)');
    const quantity = screen.getByLabelText('Number of shares');
    const publish = screen.getByRole('button', { name: 'Publish' });

    await user.click(publish);
    expect(errorOf(amount)).toBe('The amount cannot be empty');
    expect(errorOf(quantity)).toBe('The number of shares must be a whole number from 1 to 999');
    const attempts: [string, string, string | null][] = [
      ['0.001', '3', 'Enter an amount greater than 0 with at most 2 decimals and 12 digits'],
      ['0.5', '1', 'The amount must be between ¥1.00 and ¥200.00'],
      ['1', '999', 'Every share must be at least ¥0.01: raise the amount or lower the number of shares'],
      ['60', '3', 'The amount cannot exceed your balance'],
    ];
    for (const [typedAmount, typedQuantity, message] of attempts) {
      await user.clear(amount);
      await user.type(amount, typedAmount);
      await user.clear(quantity);
      await user.type(quantity, typedQuantity);
      await user.click(publish);
      expect(errorOf(amount)).toBe(message);
    }
    expect(callsTo(network.sent, 'POST', '/api/forum/topics')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(publish);
    await waitFor(() => expect(router.state.location.search).toBe('?topicId=t9'));
    expect(sentEnvelope(network)).toEqual({ type: 20, totalAmount: '12.5', giveQuantity: 3 });
    const body = JSON.parse(callsTo(network.sent, 'POST', '/api/forum/topics')[0]!.body!) as Record<string, unknown>;
    expect(body.title).toBe('Lucky day');
    expect(body.tagIds).toEqual(['go']);
  }, 20_000);

  it('sends a fixed envelope as amount per share and shows its total', async () => {
    const user = userEvent.setup();
    const { network, router } = showForm();
    await fillTopic(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Attach a red envelope' }));
    await user.click(screen.getByRole('radio', { name: 'Fixed amounts' }));
    await user.type(screen.getByLabelText('Amount per share (yuan)'), '2');
    await user.type(screen.getByLabelText('Number of shares'), '3');
    expect(screen.getByText('Total: ¥6.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.search).toBe('?topicId=t9'));
    expect(sentEnvelope(network)).toEqual({ type: 30, singleAmount: '2', giveQuantity: 3 });
  });

  it('finds the recipient of a directed envelope by nickname and shows server refusals (zh)', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { network, router } = showForm('zh', {
      'GET /api/forum/members/lookup': () => json(200, [{ memberId: 'm7', nickname: 'Carol', avatarUrl: null }]),
      'POST /api/forum/topics': () =>
        ++posts === 1
          ? json(400, {
              code: 'wallet.envelope_amount_out_of_range',
              message: '红包金额超出范围',
              fieldErrors: [{ field: 'redEnvelope.totalAmount', message: '红包金额超出范围' }],
            })
          : json(201, { topicId: 't9', version: 1, visible: true }),
    });
    await fillTopic(user, '送给 Carol');
    await user.click(await screen.findByRole('checkbox', { name: '附带红包' }));
    await user.click(screen.getByRole('radio', { name: '定向红包' }));
    expect(screen.queryByLabelText('红包个数')).toBeNull();
    const amount = screen.getByLabelText('总金额（元）');
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: '发表' }));
    const recipient = screen.getByLabelText('接收人');
    expect(errorOf(recipient)).toBe('请选择接收红包的会员');

    await user.type(recipient, 'Ca');
    fireEvent.mouseDown(await screen.findByRole('option', { name: '@Carol' }));
    expect(screen.getByText('发给 Carol')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '发表' }));
    await waitFor(() => expect(errorOf(amount)).toBe('红包金额超出范围'));
    expect(sentEnvelope(network)).toEqual({ type: 10, totalAmount: '5', giveQuantity: 1, recipientId: 'm7' });

    await user.click(screen.getByRole('button', { name: '发表' }));
    await waitFor(() => expect(router.state.location.search).toBe('?topicId=t9'));
  }, 20_000);

  it('says when the site switched envelopes off, and posts without one', async () => {
    const user = userEvent.setup();
    const { network, router } = showForm('en', {
      'GET /api/wallet/envelopes/settings': () => json(200, { ...envelopeSettings, maxAmount: 0 }),
    });
    expect(await screen.findByText('Red envelopes are switched off on this site.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Attach a red envelope' })).toBeNull();
    await fillTopic(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.search).toBe('?topicId=t9'));
    // Without an envelope the topic goes as a form, as before.
    expect(new URLSearchParams(callsTo(network.sent, 'POST', '/api/forum/topics')[0]!.body).get('title')).toBe(
      'Lucky day',
    );
  });
});
