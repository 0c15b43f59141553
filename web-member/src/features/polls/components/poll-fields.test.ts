import { describe, expect, it } from 'vitest';
import { checkPoll } from './poll-fields';

const now = new Date('2026-11-28T10:00:00.000Z');
const base = { question: ' Tea or coffee? ', options: ['Tea ', 'Coffee'], multiple: false, closesAt: '' };

describe('checkPoll (the server’s poll rules, said before sending)', () => {
  it('gives the poll to send, trimmed, with no close time when none is set', () => {
    expect(checkPoll(base, now)).toEqual({
      ok: true,
      input: { question: 'Tea or coffee?', options: ['Tea', 'Coffee'], multiple: false, closesAt: null },
    });
  });

  it('sends a close time in the future as an instant, and refuses one that has passed', () => {
    const later = new Date(now.getTime() + 3_600_000);
    const local = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    expect(checkPoll({ ...base, closesAt: local(later) }, now)).toMatchObject({
      ok: true,
      input: { closesAt: later.toISOString() },
    });
    const earlier = new Date(now.getTime() - 60_000);
    expect(checkPoll({ ...base, closesAt: local(earlier) }, now)).toMatchObject({
      ok: false,
      problems: { closesAt: 'polls.form.closesInPast' },
    });
  });

  it('names the broken rule: question, empty or long options, duplicates, too few or too many', () => {
    expect(checkPoll({ ...base, question: ' ' }, now)).toMatchObject({
      problems: { question: 'polls.form.questionRequired' },
    });
    expect(checkPoll({ ...base, options: ['Tea', ''] }, now)).toMatchObject({
      problems: { option: { 1: 'polls.form.optionRequired' } },
    });
    expect(checkPoll({ ...base, options: ['Tea', 'x'.repeat(81)] }, now)).toMatchObject({
      problems: { option: { 1: 'polls.form.optionTooLong' } },
    });
    expect(checkPoll({ ...base, options: ['Tea', ' tea'] }, now)).toMatchObject({
      problems: { options: 'polls.form.duplicate' },
    });
    expect(checkPoll({ ...base, options: ['Tea'] }, now)).toMatchObject({ problems: { options: 'polls.form.count' } });
    const eleven = Array.from({ length: 11 }, (_, i) => `Option ${i}`);
    expect(checkPoll({ ...base, options: eleven }, now)).toMatchObject({ problems: { options: 'polls.form.count' } });
  });
});
