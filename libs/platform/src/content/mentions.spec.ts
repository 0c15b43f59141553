import { extractMentions } from './mentions';

describe('mentions', () => {
  it('finds nicknames after @ in the text, unique and in order', () => {
    expect(extractMentions('<p>hi @alice and @小明, cc @alice</p><p>@bob.</p>')).toEqual(['alice', '小明', 'bob']);
  });

  it('ignores e-mail addresses and attributes', () => {
    expect(extractMentions('<a href="https://x.com/@evil">mail me at a@b.com</a>')).toEqual([]);
  });

  it('reads mention spans from the editor', () => {
    expect(extractMentions('<span class="mention">@carol</span><span class="mention">@dave</span>')).toEqual([
      'carol',
      'dave',
    ]);
  });

  it('keeps at most 30 (or the given maximum)', () => {
    const many = Array.from({ length: 40 }, (_, i) => `@user${i}`).join(' ');
    expect(extractMentions(many)).toHaveLength(30);
    expect(extractMentions(many, 3)).toEqual(['user0', 'user1', 'user2']);
  });
});
