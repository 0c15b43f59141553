import type { AuditLogRow, Page } from '@forum/contracts';
import { eventually, startQa } from '@forum/testing';
import type { QaFixture } from '@forum/testing';

/** Issue 9: "every staff action appears in the audit log with its actor", across the contexts. */
describe('the audit log across contexts', () => {
  let f: QaFixture;
  const staff = () => f.t.client.as(f.staffId, 'staff');

  beforeAll(async () => {
    f = await startQa();
  }, 240_000);
  afterAll(() => f.t.close());

  it('logs wallet, Q&A, identity and moderation staff commands under the staff member', async () => {
    const asker = await f.member();
    const answerer = await f.member();
    await f.fund(asker, 'balance', 10_000);
    const tagId = await f.tag('Audit trail');
    const asked = await f.ask(asker, {
      title: 'Audited question',
      content: '<p>?</p>',
      tagIds: [tagId],
      bountyAmount: '5',
    });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { questionId: string }).questionId;
    const answerId = await f.answer(answerer, questionId);
    const expectOk = async (response: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await response;
      // The body in the failure message says which command was refused and why.
      expect({ status: status < 300 ? 'ok' : status, body: status < 300 ? null : body }).toEqual({
        status: 'ok',
        body: null,
      });
    };
    await expectOk(
      staff().post(`/api/qa/staff/questions/${questionId}/bounty`, { amount: '8', points: 0, reason: 'more' }),
    );
    await expectOk(f.t.client.as(asker).post(`/api/qa/questions/${questionId}/adopt`, { answerId }));
    await expectOk(staff().post(`/api/qa/staff/questions/${questionId}/cancel-adoption`));
    await expectOk(staff().post(`/api/identity/members/${answerer}/state`, { state: 'disabled' }));
    await expectOk(staff().post('/api/moderation/staff/help/categories', { name: 'Audited' }));
    await expectOk(staff().request('PATCH', '/api/moderation/settings', { reports: { perMemberPerHour: 9 } }));

    const expected = [
      'QuestionTagCreated',
      'BalanceCredited',
      'BountyAdjusted',
      'AdoptionCancelled',
      'MemberDisabled',
      'HelpCategoryCreated',
      'SettingsChanged',
    ];
    let actions: string[] = [];
    await eventually(
      async () => {
        const filter = encodeURIComponent(JSON.stringify({ actorId: f.staffId }));
        const log = await staff().get<Page<AuditLogRow>>(
          `/api/moderation/staff/audit-log?pageSize=100&filter=${filter}`,
        );
        actions = log.body.items.map((row) => row.action);
        expect(actions).toEqual(expect.arrayContaining(expected));
      },
      { timeoutMs: 30_000 },
    );
    // The asker's own adoption is a member's action, not a staff one.
    expect(actions).not.toContain('AnswerAdopted');
  });
});
