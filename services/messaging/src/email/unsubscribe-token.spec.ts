import { UnsubscribeTokens } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens('a-secret-of-at-least-thirty-two-characters');
  const member = '0190f1a2-0000-7000-8000-000000000001';

  it('names the member and the groups it was signed for', () => {
    expect(tokens.verify(tokens.sign(member, ['replies', 'mentions']))).toEqual({
      memberId: member,
      groups: ['mentions', 'replies'],
    });
  });

  it('refuses a token whose member, groups or signature was changed', () => {
    const token = tokens.sign(member, ['replies']);
    const [, groups, signature] = token.split('.');
    expect(tokens.verify(`0190f1a2-0000-7000-8000-000000000002.${groups}.${signature}`)).toBeNull();
    expect(tokens.verify(`${member}.replies-mentions.${signature}`)).toBeNull();
    expect(tokens.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(tokens.verify('not-a-token')).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const other = new UnsubscribeTokens('another-secret-of-at-least-thirty-two-chars');
    expect(tokens.verify(other.sign(member, ['replies']))).toBeNull();
  });
});
