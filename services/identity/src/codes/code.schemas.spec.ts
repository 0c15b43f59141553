import { validate } from '@forum/platform';
import { DomainError } from '@forum/event-store';
import { requestCodeBody } from './code.schemas';

const base = { captchaKey: 'key', captcha: 'abcd' };

function fieldErrors(body: object) {
  try {
    validate(requestCodeBody, body);
  } catch (error) {
    return (error as DomainError).fieldErrors?.map(({ field, code }) => `${field}:${code}`);
  }
  return [];
}

describe('verification code request body', () => {
  it.each([
    ['a 4-digit phone', { channel: 'sms', purpose: 'register', target: '1234' }, 'target:validation.too_short'],
    ['a 21-digit phone', { channel: 'sms', purpose: 'login', target: '1'.repeat(21) }, 'target:validation.too_long'],
    [
      'a phone with letters',
      { channel: 'sms', purpose: 'login', target: '1380013800a' },
      'target:validation.invalid_format',
    ],
    ['a 4-char email', { channel: 'email', purpose: 'register', target: 'a@b.' }, 'target:validation.too_short'],
    [
      'a 91-char email',
      { channel: 'email', purpose: 'register', target: `${'a'.repeat(80)}@example.com` },
      'target:validation.too_long',
    ],
    [
      'an address without @',
      { channel: 'email', purpose: 'login', target: 'someone.example.com' },
      'target:validation.invalid_format',
    ],
    [
      'a recovery account of 2 chars',
      { channel: 'sms', purpose: 'recover', target: 'ab' },
      'target:validation.too_short',
    ],
    [
      'an email code for the phone binding',
      { channel: 'email', purpose: 'bindPhone', target: 'a@example.com' },
      'channel:validation.invalid_value',
    ],
  ])('refuses %s', (_case, body, expected) => {
    expect(fieldErrors({ ...base, ...body })?.[0]).toBe(expected);
  });

  it('accepts a phone, an address, and no target for the old phone', () => {
    expect(fieldErrors({ ...base, channel: 'sms', purpose: 'register', target: ' 13800138000 ' })).toEqual([]);
    expect(fieldErrors({ ...base, channel: 'email', purpose: 'login', target: 'ann@example.com' })).toEqual([]);
    expect(fieldErrors({ ...base, channel: 'sms', purpose: 'verifyOldPhone', target: '' })).toEqual([]);
    expect(
      validate(requestCodeBody, { ...base, channel: 'sms', purpose: 'login', target: ' 13800138000 ' }).target,
    ).toBe('13800138000');
  });
});
