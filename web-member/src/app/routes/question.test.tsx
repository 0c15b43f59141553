import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuestionDetail } from '@/features/questions/api/types';
import { answer, bob, cat, qaTags, questionDetail, questionRow, reply } from '@/features/questions/testing/qa-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

function logInAs(id: string, nickname: string) {
  applySiteInfo({ systemUser: { id, account: nickname.toLowerCase(), nickname } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

const withBounty = questionDetail({
  rewardAmount: 1000,
  rewardPoints: 50,
  bounty: { amount: 1000, points: 50, status: 'held' },
  answerCount: 2,
  addenda: [{ addendumId: 'ad1', content: '<p>I use Rust 1.80</p>', appendedAt: '2026-11-20T08:30:00.000Z' }],
  answers: [
    answer({
      answerId: 'a1',
      author: bob,
      replyCount: 2,
      replies: [
        reply({ replyId: 'r1', author: cat, content: '<p>Which chapter?</p>' }),
        reply({ replyId: 'r2', author: bob, parentReplyId: 'r1', content: '<p>Chapter 10</p>' }),
      ],
    }),
    answer({ answerId: 'a2', author: cat, content: '<p>Read the nomicon</p>' }),
  ],
});

const questionRoutes = (
  detail: QuestionDetail,
  extra: NonNullable<Parameters<typeof renderApp>[1]>['routes'] = {},
) => ({
  'GET /api/qa/questions/q1': () => json(200, detail),
  'GET /api/qa/questions/q1/similar': () =>
    json(200, { items: [questionRow({ questionId: 'q5', title: 'Borrowing in loops' })] }),
  'GET /api/qa/tags': () => json(200, qaTags),
  ...extra,
});

describe('/question', () => {
  it('shows a visitor the question, its bounty and addenda, answers with replies, and similar questions', async () => {
    renderApp('/question?questionId=q1', { routes: questionRoutes(withBounty) });
    const title = await screen.findByRole('heading', { level: 1, name: /How do lifetimes work\?/ });
    expect(within(title).getByText('Cash ¥10.00')).toBeTruthy();
    expect(within(title).getByText('50 points')).toBeTruthy();
    expect(within(title).getByText('Unresolved')).toBeTruthy();
    expect(screen.getByText('Why does the borrow checker complain?')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Addenda' })).getByText('I use Rust 1.80')).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'Answers (2)' });
    const first = within(answers).getByRole('listitem', { name: 'Answer by Bob' });
    const replyRow = within(first).getByText('Chapter 10').closest('li')!;
    expect(replyRow.textContent).toContain('replied to Cat');
    // The member replied to is a link to their page too, not bare text.
    expect(
      within(replyRow.querySelector('.reply__head') as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toContain('Cat');
    expect(screen.queryByRole('button', { name: 'Adopt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    const loginToAnswer = screen.getByText(/Log in to answer\./).closest('p') as HTMLElement;
    expect(within(loginToAnswer).getByRole('link', { name: 'Log in' }).getAttribute('href')).toMatch(
      /^\/login\?jumpUrl=/,
    );
    expect(
      within(await screen.findByRole('complementary', { name: 'Similar questions' }))
        .getByRole('link', { name: 'Borrowing in loops' })
        .getAttribute('href'),
    ).toBe('/question?questionId=q5');
  });

  it('lets the asker adopt an answer (asked first), like and favourite the question', async () => {
    logInAs('m1', 'Ann');
    const user = userEvent.setup();
    let adopted = false;
    const { network } = renderApp('/question?questionId=q1', {
      routes: questionRoutes(withBounty, {
        'GET /api/qa/questions/q1': () =>
          json(
            200,
            adopted
              ? {
                  ...withBounty,
                  resolved: true,
                  adoptedAnswerId: 'a2',
                  bounty: { amount: 1000, points: 50, status: 'awarded' },
                  answers: [{ ...withBounty.answers[1]!, adopted: true }, withBounty.answers[0]!],
                }
              : withBounty,
          ),
        'POST /api/qa/questions/q1/adopt': () => {
          adopted = true;
          return json(200, { questionId: 'q1', version: 5, visible: true });
        },
        'PUT /api/qa/questions/q1/like': () => json(200, { questionId: 'q1', liked: true, visible: true }),
        'PUT /api/qa/questions/q1/favourite': () => json(200, { questionId: 'q1', favourited: true, visible: true }),
      }),
    });
    const second = await screen.findByRole('listitem', { name: 'Answer by Cat' });
    await user.click(within(second).getByRole('button', { name: 'Adopt' }));
    const confirm = within(second).getByRole('group', { name: /Adopt Cat's answer as the best\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Adopt' }));
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/qa/questions/q1/adopt')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'POST', '/api/qa/questions/q1/adopt')[0]!.body!)).toEqual({
      answerId: 'a2',
    });
    const adoptedAnswer = await screen.findByRole('listitem', { name: 'Answer by Cat' });
    await waitFor(() => expect(within(adoptedAnswer).getByText('Adopted answer')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Adopt' })).toBeNull();
    expect(within(screen.getByRole('heading', { level: 1 })).getByText('Resolved')).toBeTruthy();
    expect(within(screen.getByRole('heading', { level: 1 })).getByText('Awarded')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Like · 1' }));
    expect(await screen.findByRole('button', { name: 'Unlike · 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Favourite · 2' }));
    expect(await screen.findByRole('button', { name: 'Remove favourite · 3' })).toBeTruthy();
  });

  it('lets a member like and unlike an answer and a reply, with their counts', async () => {
    logInAs('m3', 'Cat');
    const user = userEvent.setup();
    const detail = {
      ...withBounty,
      answers: [
        {
          ...withBounty.answers[0]!,
          likeCount: 3,
          replies: [{ ...withBounty.answers[0]!.replies[1]!, likeCount: 1, liked: true }],
        },
        withBounty.answers[1]!,
      ],
    };
    const { network } = renderApp('/question?questionId=q1', {
      routes: questionRoutes(detail, {
        'PUT /api/qa/answers/a1/like': () => json(200, { targetId: 'a1', liked: true, visible: true }),
        'DELETE /api/qa/answer-replies/r2/like': () => json(200, { targetId: 'r2', liked: false, visible: true }),
      }),
    });
    const first = await screen.findByRole('listitem', { name: 'Answer by Bob' });
    await user.click(within(first).getByRole('button', { name: 'Like · 3' }));
    expect(await within(first).findByRole('button', { name: 'Unlike · 4' })).toBeTruthy();
    expect(callsTo(network.sent, 'PUT', '/api/qa/answers/a1/like')).toHaveLength(1);
    const replyItem = screen.getByText('Chapter 10').closest('li') as HTMLElement;
    await user.click(within(replyItem).getByRole('button', { name: 'Unlike · 1' }));
    expect(await within(replyItem).findByRole('button', { name: 'Like · 0' })).toBeTruthy();
    expect(callsTo(network.sent, 'DELETE', '/api/qa/answer-replies/r2/like')).toHaveLength(1);
  });

  it('lets a member answer, reply to a reply, and edit or delete their own (an adopted answer stays)', async () => {
    logInAs('m2', 'Bob');
    const user = userEvent.setup();
    const detail = { ...withBounty, answers: [{ ...withBounty.answers[0]!, adopted: true }, withBounty.answers[1]!] };
    const { network } = renderApp('/question?questionId=q1', {
      routes: questionRoutes(detail, {
        'POST /api/qa/questions/q1/answers': () => json(201, { answerId: 'a9', visible: true }),
        'POST /api/qa/answers/a1/replies': () => json(201, { answerId: 'a1', visible: true }),
        'PATCH /api/qa/answer-replies/r2': () => json(200, { answerId: 'a1', visible: true }),
        'DELETE /api/qa/answer-replies/r2': () => json(200, { answerId: 'a1', visible: true }),
      }),
    });
    const mine = await screen.findByRole('listitem', { name: 'Answer by Bob' });
    // Adopted: the author can no longer edit it; nobody may adopt (Bob is not the asker).
    expect(within(mine).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Adopt' })).toBeNull();

    await user.type(screen.getByLabelText('Answer'), 'Use explicit lifetimes');
    await user.click(screen.getByRole('button', { name: 'Post answer' }));
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/qa/questions/q1/answers')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'POST', '/api/qa/questions/q1/answers')[0]!.body!)).toEqual({
      content: '<p>Use explicit lifetimes</p>',
    });
    expect(await screen.findByText('Your answer was posted.')).toBeTruthy();

    const catsReply = within(mine).getByText('Which chapter?').closest('li') as HTMLElement;
    await user.click(within(catsReply).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Cat'), 'See chapter 10');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/qa/answers/a1/replies')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'POST', '/api/qa/answers/a1/replies')[0]!.body!)).toEqual({
      content: '<p>See chapter 10</p>',
      parentReplyId: 'r1',
    });

    const myReply = within(mine).getByText('Chapter 10').closest('li') as HTMLElement;
    await user.click(within(myReply).getByRole('button', { name: 'Edit' }));
    const box = within(myReply).getByLabelText('Reply');
    expect((box as HTMLTextAreaElement).value).toBe('Chapter 10');
    await user.type(box, ' and 11');
    await user.click(within(myReply).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(network.sent, 'PATCH', '/api/qa/answer-replies/r2')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'PATCH', '/api/qa/answer-replies/r2')[0]!.body!).content).toBe(
      '<p>Chapter 10 and 11</p>',
    );
    await user.click(within(myReply).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(within(myReply).getByRole('group', { name: 'Delete this?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(callsTo(network.sent, 'DELETE', '/api/qa/answer-replies/r2')).toHaveLength(1));
  });

  it('lets the asker edit the question in the editor and add an addendum; shows the refusal when closed', async () => {
    logInAs('m1', 'Ann');
    const user = userEvent.setup();
    const { network } = renderApp('/question?questionId=q1', {
      routes: questionRoutes(withBounty, {
        'PATCH /api/qa/questions/q1': () => json(200, { questionId: 'q1', version: 3, visible: true }),
        'POST /api/qa/questions/q1/addenda': () =>
          json(403, { code: 'qa.addenda_disabled', message: 'Adding to questions is closed for now.' }),
      }),
    });
    await screen.findByRole('heading', { level: 1, name: /How do lifetimes work/ });
    const actions = screen.getByText('Why does the borrow checker complain?').closest('article') as HTMLElement;
    await user.click(within(actions).getAllByRole('button', { name: 'Edit' })[0]!);
    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('How do lifetimes work?');
    expect(screen.queryByLabelText(/Cash bounty/)).toBeNull();
    expect(((await screen.findByRole('checkbox', { name: 'Rust' })) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Go' }));
    await user.clear(title);
    await user.type(title, 'How do lifetimes really work?');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(network.sent, 'PATCH', '/api/qa/questions/q1')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'PATCH', '/api/qa/questions/q1')[0]!.body!)).toEqual({
      title: 'How do lifetimes really work?',
      content: '<p>Why does the borrow checker complain?</p>',
      tagIds: ['rust', 'go'],
    });
    await waitFor(() => expect(screen.queryByLabelText('Title')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add to the question' }));
    await user.type(screen.getByLabelText('Addendum'), 'Also on nightly');
    await user.click(screen.getByRole('button', { name: 'Post addendum' }));
    expect(await screen.findByText('Adding to questions is closed for now.')).toBeTruthy();
  });

  it('pages through many answers and says when the question does not exist (zh)', async () => {
    const many = questionDetail({
      answerCount: 25,
      answers: Array.from({ length: 25 }, (_, index) =>
        answer({ answerId: `a${index + 1}`, content: `<p>Answer number ${index + 1}</p>` }),
      ),
    });
    const user = userEvent.setup();
    const { unmount } = renderApp('/question?questionId=q1', { routes: questionRoutes(many) });
    expect(await screen.findByText('Answer number 20')).toBeTruthy();
    expect(screen.queryByText('Answer number 21')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Answer number 25')).toBeTruthy();
    expect(screen.queryByText('Answer number 1')).toBeNull();
    unmount();

    renderApp('/question?questionId=gone', {
      language: 'zh',
      routes: {
        'GET /api/qa/questions/gone': () => json(404, { code: 'qa.question_not_found', message: '问题不存在。' }),
      },
    });
    expect(await screen.findByText('问题不存在。')).toBeTruthy();
  });
});
