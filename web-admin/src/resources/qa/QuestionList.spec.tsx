import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerList } from './AnswerList';
import { QuestionList } from './QuestionList';
import { renderQa } from './render-qa';

afterEach(cleanup);

const author = (id: string) => ({ memberId: id, nickname: `Member ${id}`, avatarUrl: null, cancelled: false });

const question = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  questionId: id,
  title,
  summary: '',
  asker: author('asker'),
  tags: [],
  askedAt: '2026-11-21T10:00:00.000Z',
  lastAnswerAt: null,
  rewardAmount: 1_250,
  rewardPoints: 10,
  bounty: { amount: 1_250, points: 10, status: 'held' },
  resolved: false,
  answerCount: 2,
  likeCount: 0,
  favouriteCount: 0,
  readCount: 0,
  deleted: false,
  ...extra,
});

describe('the staff question list', () => {
  it('shows bounties and states in Chinese, and filters on the server', async () => {
    const { sent } = renderQa(<QuestionList />, {
      resource: 'qaQuestions',
      language: 'zh',
      routes: {
        'GET /api/qa/staff/questions': {
          json: {
            items: [
              question('q1', 'Open one'),
              question('q2', 'Solved one', {
                resolved: true,
                bounty: { amount: 1_250, points: 10, status: 'awarded' },
              }),
            ],
            total: 2,
          },
        },
      },
    });
    const open = within((await screen.findByText('Open one')).closest('tr')!);
    expect(open.getByText('¥12.50 + 10 积分')).toBeTruthy();
    expect(open.getByText('冻结中')).toBeTruthy();
    expect(open.getByRole('button', { name: '调整悬赏' })).toBeTruthy();
    expect(open.queryByRole('button', { name: '取消采纳' })).toBeNull();
    const solved = within(screen.getByText('Solved one').closest('tr')!);
    expect(solved.getByText('已发放')).toBeTruthy();
    expect(solved.getByRole('button', { name: '取消采纳' })).toBeTruthy();
    expect(sent('GET').some(({ url }) => url.startsWith('/api/qa/staff/questions?page=1&pageSize=20'))).toBe(true);
  });

  it('cancels an adoption after confirming', async () => {
    const { sent } = renderQa(<QuestionList />, {
      resource: 'qaQuestions',
      routes: {
        'GET /api/qa/staff/questions': { json: { items: [question('q2', 'Solved', { resolved: true })], total: 1 } },
        'POST /api/qa/staff/questions/q2/cancel-adoption': { json: { questionId: 'q2', visible: true } },
      },
    });
    fireEvent.click(
      within((await screen.findByText('Solved')).closest('tr')!).getByRole('button', { name: 'Cancel adoption' }),
    );
    expect(sent('POST')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([{ url: '/api/qa/staff/questions/q2/cancel-adoption', body: undefined }]),
    );
  });

  it('adjusts a held bounty with yuan text, points and a reason', async () => {
    const { sent } = renderQa(<QuestionList />, {
      resource: 'qaQuestions',
      routes: {
        'GET /api/qa/staff/questions': { json: { items: [question('q1', 'Open')], total: 1 } },
        'POST /api/qa/staff/questions/q1/bounty': { json: { questionId: 'q1', visible: true } },
      },
    });
    fireEvent.click(
      within((await screen.findByText('Open')).closest('tr')!).getByRole('button', { name: 'Adjust bounty' }),
    );
    const cash = await screen.findByLabelText('Cash (yuan, 0 for none)');
    expect((cash as HTMLInputElement).value).toBe('12.50');
    fireEvent.change(cash, { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'asker asked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([
        { url: '/api/qa/staff/questions/q1/bounty', body: { amount: '20', points: 5, reason: 'asker asked' } },
      ]),
    );
  });
});

describe('the staff answer list', () => {
  it('adopts an answer for its question after confirming; an adopted one offers no adoption', async () => {
    const answer = (id: string, text: string, adopted: boolean) => ({
      answerId: id,
      questionId: 'q1',
      author: author(`m-${id}`),
      content: `<p>${text}</p>`,
      postedAt: '2026-11-21T10:00:00.000Z',
      editedAt: null,
      adopted,
      replyCount: 0,
      deleted: false,
      replies: [],
    });
    const { sent } = renderQa(<AnswerList />, {
      resource: 'qaAnswers',
      routes: {
        'GET /api/qa/staff/answers': {
          json: { items: [answer('a1', 'Good', false), answer('a2', 'Best', true)], total: 2 },
        },
        'POST /api/qa/questions/q1/adopt': { json: { questionId: 'q1', visible: true } },
      },
    });
    const best = within((await screen.findByText('Best')).closest('tr')!);
    expect(best.getByText('Adopted')).toBeTruthy();
    expect(best.queryByRole('button', { name: 'Adopt' })).toBeNull();
    fireEvent.click(within(screen.getByText('Good').closest('tr')!).getByRole('button', { name: 'Adopt' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([{ url: '/api/qa/questions/q1/adopt', body: { answerId: 'a1' } }]),
    );
  });
});
