import { eventually, QaFixture, startQa } from '@forum/testing';
import type { RevisionList, RevisionView } from '@forum/platform';

/**
 * Edit history of questions and answers (docs/rules/qa.md, edit history; ADR 0032): every version, hidden blocks
 * never (Q&A has none: dropped as on the page), staff hide a version, members see it hidden.
 */
describe('edit history of questions and answers', () => {
  let f: QaFixture;
  let asker: string;
  let answerer: string;
  let tagId: string;
  let questionId: string;
  let answerId: string;

  const text = (view: RevisionView) => (view.parts ?? []).map((part) => ('text' in part ? part.text : '?')).join(' | ');

  async function revisions(path: string, who: string | null, kind: 'member' | 'staff' = 'member') {
    const client = who ? f.t.client.as(who, kind) : f.t.client.anonymous();
    const response = await client.get<RevisionList>(`/api/qa/${path}/revisions`);
    expect(response.status).toBe(200);
    return response.body;
  }

  beforeAll(async () => {
    f = await startQa();
    asker = await f.member();
    answerer = await f.member();
    tagId = await f.tag('History questions');
    const asked = await f.ask(asker, {
      title: 'How do I start?',
      content: '<p>I want to start hiking.</p>',
      tagIds: [tagId],
    });
    expect(asked.status).toBe(201);
    questionId = (asked.body as { questionId: string }).questionId;
    const edit = (title: string, content: string) =>
      f.t.client.as(asker).request('PATCH', `/api/qa/questions/${questionId}`, { title, content, tagIds: [tagId] });
    expect((await edit('How do I start?', '<p>I want to start hiking in spring.</p>')).status).toBe(200);
    expect(
      (
        await edit(
          'How do I start hiking?',
          '<p>I want to start hiking in spring.</p><hide type="10" value="pw"><p>NEVER-SHOWN</p></hide>',
        )
      ).status,
    ).toBe(200);
    answerId = await f.answer(answerer, questionId, '<p>Buy good shoes.</p>');
    const editAnswer = await f.t.client
      .as(answerer)
      .request('PATCH', `/api/qa/answers/${answerId}`, { content: '<p>Buy good shoes first.</p>' });
    expect(editAnswer.status).toBe(200);
    await eventually(async () => {
      expect((await revisions(`questions/${questionId}`, null)).items).toHaveLength(3);
      expect((await revisions(`answers/${answerId}`, null)).items).toHaveLength(2);
    });
  });
  afterAll(() => f.t.close());

  it('lists every version of a question and of an answer, oldest first', async () => {
    const question = await revisions(`questions/${questionId}`, answerer);
    expect(question.items.map((item) => [item.number, item.current, item.title, text(item)])).toEqual([
      [1, false, 'How do I start?', 'I want to start hiking.'],
      [2, false, 'How do I start?', 'I want to start hiking in spring.'],
      [3, true, 'How do I start hiking?', 'I want to start hiking in spring.'],
    ]);
    expect(JSON.stringify(question)).not.toContain('NEVER-SHOWN');
    const answer = await revisions(`answers/${answerId}`, null);
    expect(answer.items.map(text)).toEqual(['Buy good shoes.', 'Buy good shoes first.']);
    expect(answer.items.every((item) => item.by.memberId === answerer)).toBe(true);
  });

  it('staff hide a revision: members see it hidden, staff still read it; members may not hide', async () => {
    const first = (await revisions(`answers/${answerId}`, null)).items[0]!;
    const byMember = await f.t.client
      .as(asker)
      .post(`/api/qa/staff/revisions/answer/${answerId}/${first.revision}`, { hidden: true });
    expect(byMember.status).toBe(403);

    const hidden = await f.t.client
      .as(f.staffId, 'staff')
      .post<{ visible: boolean }>(`/api/qa/staff/revisions/answer/${answerId}/${first.revision}`, { hidden: true });
    expect([hidden.status, hidden.body.visible]).toEqual([200, true]);
    for (const who of [asker, answerer, null]) {
      const answer = await revisions(`answers/${answerId}`, who);
      expect(answer.items[0]).toMatchObject({ hiddenByStaff: true, parts: null });
      expect(JSON.stringify(answer)).not.toContain('Buy good shoes.');
    }
    const staffView = await revisions(`answers/${answerId}`, f.staffId, 'staff');
    expect(text(staffView.items[0]!)).toBe('Buy good shoes.');

    const current = await f.t.client
      .as(f.staffId, 'staff')
      .post<{ code: string }>(`/api/qa/staff/revisions/answer/${answerId}/${staffView.items[1]!.revision}`, {
        hidden: true,
      });
    expect([current.status, current.body.code]).toEqual([409, 'qa.revision_current']);
  });

  it('answers not found for a question that does not exist', async () => {
    const response = await f.t.client.get<{ code: string }>('/api/qa/questions/nope/revisions');
    expect([response.status, response.body.code]).toEqual([404, 'qa.question_not_found']);
  });
});
