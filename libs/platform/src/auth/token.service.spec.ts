import { DomainError } from '@forum/event-store';
import { loadConfig } from '../config';
import { bearerTokens, TokenService } from './token.service';

const config = loadConfig({ MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:9092', JWT_SECRET: 'a'.repeat(32) });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as DomainError).code;
  }
  return undefined;
}

describe('tokens', () => {
  it('reads the header "Bearer access,refresh" the member site sends', () => {
    expect(bearerTokens('Bearer aaa,bbb')).toEqual({ access: 'aaa', refresh: 'bbb' });
    expect(bearerTokens('Bearer aaa')).toEqual({ access: 'aaa', refresh: null });
    expect(bearerTokens('Bearer aaa,')).toEqual({ access: 'aaa', refresh: null });
    expect(bearerTokens('Bearer undefined,undefined')).toBeNull();
    expect(bearerTokens('Basic xyz')).toBeNull();
  });

  it('accepts its own tokens and refuses forged or foreign ones', () => {
    const tokens = new TokenService(config);
    expect(tokens.actorOf(tokens.issueAccessToken({ sub: 'm1', kind: 'member' }))).toEqual({
      kind: 'member',
      id: 'm1',
    });
    const foreign = new TokenService({ ...config, JWT_SECRET: 'b'.repeat(32) }).issueAccessToken({
      sub: 'm1',
      kind: 'staff',
    });
    expect(codeOf(() => tokens.actorOf(foreign))).toBe('auth.token_invalid');
    const [header, payload] = tokens.issueAccessToken({ sub: 'm1', kind: 'member' }).split('.');
    expect(codeOf(() => tokens.actorOf(`${header}.${payload}.`))).toBe('auth.token_invalid');
  });

  it('says when a token has expired, so the client refreshes', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const tokens = new TokenService(config);
    const token = tokens.issueAccessToken({ sub: 'm1', kind: 'member' });
    jest.setSystemTime(new Date('2026-01-01T02:00:01Z'));
    expect(codeOf(() => new TokenService(config).actorOf(token))).toBe('auth.token_expired');
    jest.useRealTimers();
  });
});

describe('configuration', () => {
  it('reports every invalid variable by name at once', () => {
    expect(() => loadConfig({ KAFKA_BROKERS: 'nope', JWT_SECRET: 'short', PORT: 'x' })).toThrow(
      /MONGO_URL: required[\s\S]*KAFKA_BROKERS[\s\S]*host:port[\s\S]*JWT_SECRET: at least 32/,
    );
  });
});
