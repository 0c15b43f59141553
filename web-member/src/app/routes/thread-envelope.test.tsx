import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { cancelled, envelope } from '@/features/wallet/testing/wallet-fixtures';
import type { EnvelopeView } from '@/features/wallet/api/types';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, inTurn } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

function logIn(id = 'm1') {
  applySiteInfo({ systemUser: { id, account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

const threadRoutes = (answers: Record<string, () => Response>) => ({
  'GET /api/forum/topics/t1': () => json(200, topicDetail({ redEnvelopeId: 'e1' })),
  'GET /api/forum/topics/t1/comments': () => json(200, page([])),
  'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
  ...answers,
});

const showing = (view: EnvelopeView) => () => json(200, view);

/** The envelope card of the topic. */
const card = async (name = 'Red envelope') => screen.findByRole('region', { name });

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('/thread red envelope', () => {
  it('opens the envelope and shows my share; the distribution is one link away', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'GET /api/wallet/envelopes/e1': inTurn(
          showing(envelope()),
          showing(envelope({ receivedQuantity: 3, claimedByMe: { amount: 312, claimedAt: '2026-11-20T09:00:00Z' } })),
        ),
        'POST /api/wallet/envelopes/e1/claim': () => json(200, { amount: 312, claimedAt: '2026-11-20T09:00:00Z' }),
      }),
    });
    const envelopeCard = await card();
    const from = envelopeCard.querySelector('.envelope-card__from');
    expect(from?.textContent).toBe('A red envelope from Bob');
    expect(within(envelopeCard).getByRole('link', { name: 'Bob' }).getAttribute('href')).toMatch(/^\/user\//);
    expect(within(envelopeCard).getByText('Random amounts · 2 of 5 claimed · total ¥10.00')).toBeTruthy();
    await user.click(within(envelopeCard).getByRole('button', { name: 'Open' }));
    expect(await within(envelopeCard).findByText('You received ¥3.12')).toBeTruthy();
    expect(within(envelopeCard).queryByRole('button', { name: 'Open' })).toBeNull();
    expect(callsTo(network.sent, 'POST', '/api/wallet/envelopes/e1/claim')).toHaveLength(1);
    expect(within(envelopeCard).getByRole('link', { name: 'See who received it' }).getAttribute('href')).toBe(
      '/user/control/redEnvelopeAmountDistributionList?envelopeId=e1',
    );
  });

  it('says the envelopes have been snatched up when the last share went first', async () => {
    logIn();
    const user = userEvent.setup();
    renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'GET /api/wallet/envelopes/e1': inTurn(
          showing(envelope()),
          showing(envelope({ status: 'snatched', receivedQuantity: 5 })),
        ),
        'POST /api/wallet/envelopes/e1/claim': () =>
          json(409, { code: 'wallet.envelope_snatched', message: 'The red envelopes have been snatched up.' }),
      }),
    });
    const envelopeCard = await card();
    await user.click(within(envelopeCard).getByRole('button', { name: 'Open' }));
    expect(await within(envelopeCard).findByText('The red envelopes have been snatched up')).toBeTruthy();
    expect(within(envelopeCard).queryByRole('button', { name: 'Open' })).toBeNull();
  });

  it('shows my amount when I claimed before, without offering to open again (zh)', async () => {
    logIn();
    renderApp('/thread?topicId=t1', {
      language: 'zh',
      routes: threadRoutes({
        'GET /api/wallet/envelopes/e1': showing(
          envelope({ claimedByMe: { amount: 88, claimedAt: '2026-11-20T09:00:00Z' }, sender: cancelled }),
        ),
      }),
    });
    const envelopeCard = await card('红包');
    expect(within(envelopeCard).getByText('您领到了 ¥0.88')).toBeTruthy();
    expect(envelopeCard.querySelector('.envelope-card__from')?.textContent).toBe('此用户账号已注销 的红包');
    expect(within(envelopeCard).queryByRole('link', { name: '此用户账号已注销' })).toBeNull();
    expect(within(envelopeCard).queryByRole('button')).toBeNull();
  });

  it('tells why it cannot be opened: snatched, expired, directed to someone else, my own, or logged out', async () => {
    const cases: [string | null, EnvelopeView, string][] = [
      ['m1', envelope({ status: 'snatched', receivedQuantity: 5 }), 'The red envelopes have been snatched up'],
      [
        'm1',
        envelope({ status: 'refunded', refundAmount: 600 }),
        'This red envelope has expired; ¥6.00 went back to the sender.',
      ],
      ['m1', envelope({ type: 10, giveQuantity: 1, recipientId: 'm9' }), 'This red envelope is for another member.'],
      ['m2', envelope(), 'You sent this red envelope.'],
      [null, envelope(), 'Log in to open it'],
    ];
    for (const [memberId, view, text] of cases) {
      appState.set(initialAppState());
      localStorage.clear();
      if (memberId) logIn(memberId);
      const { unmount } = renderApp('/thread?topicId=t1', {
        routes: threadRoutes({ 'GET /api/wallet/envelopes/e1': showing(view) }),
      });
      const envelopeCard = await card();
      expect(within(envelopeCard).getByText(text)).toBeTruthy();
      expect(within(envelopeCard).queryByRole('button', { name: 'Open' })).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('shows no card on a topic without an envelope', async () => {
    renderApp('/thread?topicId=t1', {
      routes: {
        ...threadRoutes({}),
        'GET /api/forum/topics/t1': () => json(200, topicDetail()),
      },
    });
    await screen.findByText('Intro');
    expect(screen.queryByRole('region', { name: 'Red envelope' })).toBeNull();
  });
});
