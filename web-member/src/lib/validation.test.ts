// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from '@/locales/en/translation';
import { rules, type Invalid } from './validation';

describe('form rules', () => {
  it('captcha: not empty, exactly 4 characters', () => {
    expect(rules.captcha('')).toEqual({ key: 'validation.captchaRequired' });
    expect(rules.captcha('abc')).toEqual({ key: 'validation.captchaLength', params: { length: 4 } });
    expect(rules.captcha('ab3d')).toBeNull();
  });

  it('SMS or email code: not empty, exactly 6 characters', () => {
    expect(rules.smsCode(' ')).toEqual({ key: 'validation.smsCodeRequired' });
    expect(rules.verificationCode('12345')).toEqual({ key: 'validation.codeLength', params: { length: 6 } });
    expect(rules.verificationCode('123456')).toBeNull();
  });

  it('account: 3 to 25 characters', () => {
    expect(rules.account('ab')?.key).toBe('validation.accountLength');
    expect(rules.account('a'.repeat(26))?.key).toBe('validation.accountLength');
    expect(rules.account('abc')).toBeNull();
  });

  it('new account: the length rule, then letters, digits and underscores only', () => {
    expect(rules.newAccount('')?.key).toBe('validation.accountRequired');
    expect(rules.newAccount('ab')?.key).toBe('validation.accountLength');
    expect(rules.newAccount('ann lee')).toEqual({ key: 'validation.accountPattern' });
    expect(rules.newAccount('ann_Lee9')).toBeNull();
  });

  it('nickname: optional, at most 15 characters', () => {
    expect(rules.nickname('')).toBeNull();
    expect(rules.nickname('昵'.repeat(15))).toBeNull();
    expect(rules.nickname('x'.repeat(16))).toEqual({ key: 'validation.nicknameLength', params: { max: 15 } });
  });

  it('password: at least 7 characters and both entries equal', () => {
    expect(rules.password('123456')?.key).toBe('validation.passwordLength');
    expect(rules.confirmPassword('1234567', '1234568')?.key).toBe('validation.passwordMismatch');
    expect(rules.confirmPassword('1234567', '1234567')).toBeNull();
  });

  it('phone: digits only, 5 to 20 of them (as the identity API accepts)', () => {
    expect(rules.phone('')?.key).toBe('validation.phoneRequired');
    expect(rules.phone('1380')?.key).toBe('validation.phoneLength');
    expect(rules.phone('138-0013-8000')?.key).toBe('validation.phoneLength');
    expect(rules.phone('1'.repeat(21))?.key).toBe('validation.phoneLength');
    expect(rules.phone('13800138000')).toBeNull();
  });

  it('login and registration email: an address of 5 to 90 characters, else "length incorrect"', () => {
    expect(rules.email('')?.key).toBe('validation.emailRequired');
    expect(rules.email('a@b')?.key).toBe('validation.emailLength');
    expect(rules.email('ann.example.com')?.key).toBe('validation.emailLength');
    expect(rules.email(`${'a'.repeat(80)}@example.com`)?.key).toBe('validation.emailLength');
    expect(rules.email('ann@example.com')).toBeNull();
  });

  it('find-password email: 5 to 90 characters', () => {
    expect(rules.findPasswordEmail('a@b')?.key).toBe('validation.emailRange');
    expect(rules.findPasswordEmail('ann@example.com')).toBeNull();
  });

  it('feedback: name 1 to 30, content 1 to 1000', () => {
    expect(rules.feedbackName('x'.repeat(31))?.key).toBe('validation.feedbackNameLength');
    expect(rules.feedbackContent('x'.repeat(1001))?.key).toBe('validation.feedbackContentLength');
    expect(rules.feedbackContent('x'.repeat(1000))).toBeNull();
  });

  it('recharge: at most 12 digits', () => {
    expect(rules.rechargeAmount('1234567890123')?.key).toBe('validation.rechargeDigits');
    expect(rules.rechargeAmount('100.50')).toBeNull();
  });

  it('bounty: within bounds and not above the balance', () => {
    expect(rules.amount(5, { min: 10, max: 100 })?.key).toBe('validation.amountRange');
    expect(rules.amount(50, { min: 10, max: 100 }, 20)?.key).toBe('validation.amountOverBalance');
    expect(rules.points(50, { min: 10, max: 100 }, 60)).toBeNull();
  });

  it('tags: at least one, at most the maximum', () => {
    expect(rules.tags(0, 5)?.key).toBe('validation.tagsRequired');
    expect(rules.tags(6, 5)).toEqual({ key: 'validation.tagsMax', params: { max: 5 } });
  });

  it('pattern: the custom message, else Illegal input', () => {
    expect(rules.matches('x', /^\d+$/)).toEqual({ key: 'common.illegalInput' });
    expect(rules.matches('x', /^\d+$/, 'validation.phoneLength')).toEqual({ key: 'validation.phoneLength' });
  });

  it('every message key exists in the translations', () => {
    const samples: (Invalid | null)[] = [
      rules.captcha(''),
      rules.captcha('1'),
      rules.smsCode(''),
      rules.verificationCode(''),
      rules.verificationCode('1'),
      rules.account(''),
      rules.account('1'),
      rules.newAccount('a b c'),
      rules.nickname('x'.repeat(16)),
      rules.password(''),
      rules.password('1'),
      rules.confirmPassword('1234567', 'x'),
      rules.hintQuestion(''),
      rules.hintQuestion('1'),
      rules.hintAnswer(''),
      rules.hintAnswer('1'),
      rules.phone(''),
      rules.phone('1'),
      rules.email(''),
      rules.email('x'),
      rules.findPasswordEmail('x'),
      rules.agreeTerms(false),
      rules.questionTitle(''),
      rules.questionTitle('x'.repeat(91)),
      rules.feedbackName(''),
      rules.feedbackContact(''),
      rules.feedbackContent(''),
      rules.rechargeAmount(''),
      rules.privateMessage(''),
      rules.aiQuestion(''),
      rules.reportReason(''),
      rules.hiddenPassword(''),
      rules.images(3, 2),
      rules.points(0, { min: 1, max: 2 }),
    ];
    const lookup = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const sample of samples) {
      expect(sample).not.toBeNull();
      expect(typeof lookup(sample!.key), sample!.key).toBe('string');
    }
  });
});
