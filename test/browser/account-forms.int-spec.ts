import type { Locator, Page } from 'playwright-core';
import { browserSuite } from './harness';

/**
 * The form-rule messages (docs/rules/web.md) for the account screens, in zh and en, as the built member site shows them: under the
 * field they concern (tied by `aria-describedby`), before anything is sent; and the server's uniform login failure.
 */
const texts = {
  zh: {
    tabs: { account: '账号', phone: '手机', email: '邮箱' },
    fields: {
      account: '账号',
      password: '密码',
      confirmPassword: '确认密码',
      hintQuestion: '密码提示问题',
      hintAnswer: '密码提示答案',
      captcha: '验证码',
      terms: '我已阅读并同意服务条款',
      phone: '手机号',
      smsCode: '短信验证码',
      email: '邮箱',
      emailCode: '邮箱验证码',
    },
    buttons: { register: '注册', login: '登录', sendCode: '获取验证码' },
    messages: {
      accountRequired: '账号不能为空',
      accountLength: '账号长度为 3 到 25 个字符',
      accountPattern: '账号只能包含字母、数字和下划线',
      passwordRequired: '密码不能为空',
      passwordLength: '密码至少 7 个字符',
      passwordMismatch: '两次输入的密码不一致',
      hintQuestionLength: '密码提示问题至少 7 个字符',
      hintAnswerRequired: '密码提示答案不能为空',
      captchaRequired: '验证码不能为空',
      captchaLength: '验证码为 4 个字符',
      agreeTerms: '请同意服务条款',
      phoneRequired: '手机号不能为空',
      phoneLength: '手机号长度不正确',
      smsCodeRequired: '短信验证码不能为空',
      codeRequired: '验证码不能为空',
      codeLength: '验证码为 6 个字符',
      emailRequired: '邮箱不能为空',
      emailLength: '邮箱长度不正确',
      loginFailed: '账号或密码错误。',
    },
  },
  en: {
    tabs: { account: 'Account', phone: 'Phone', email: 'Email' },
    fields: {
      account: 'Account',
      password: 'Password',
      confirmPassword: 'Confirm password',
      hintQuestion: 'Password hint question',
      hintAnswer: 'Password hint answer',
      captcha: 'Captcha',
      terms: 'I have read and agree to the terms of service',
      phone: 'Phone number',
      smsCode: 'SMS verification code',
      email: 'Email',
      emailCode: 'Email verification code',
    },
    buttons: { register: 'Register', login: 'Log in', sendCode: 'Send code' },
    messages: {
      accountRequired: 'Account cannot be empty',
      accountLength: 'The account must be 3 to 25 characters',
      accountPattern: 'The account may contain only letters, digits and underscores',
      passwordRequired: 'Password cannot be empty',
      passwordLength: 'The password must be at least 7 characters',
      passwordMismatch: 'The two passwords do not match',
      hintQuestionLength: 'The password hint question must be at least 7 characters',
      hintAnswerRequired: 'Password hint answer cannot be empty',
      captchaRequired: 'Captcha cannot be empty',
      captchaLength: 'The captcha is 4 characters',
      agreeTerms: 'Please agree to the terms of service',
      phoneRequired: 'Phone number cannot be empty',
      phoneLength: 'The phone number length is incorrect',
      smsCodeRequired: 'SMS verification code cannot be empty',
      codeRequired: 'Verification code cannot be empty',
      codeLength: 'The verification code is 6 characters',
      emailRequired: 'Email cannot be empty',
      emailLength: 'The email length is incorrect',
      loginFailed: 'Account or password incorrect.',
    },
  },
} as const;

const visit = {
  zh: { locale: 'zh-CN' },
  en: { locale: 'en-US', localStorage: { language: 'en_US' } },
} as const;

interface DescribedElement {
  getAttribute(name: string): string | null;
  ownerDocument: {
    getElementById(id: string): { classList: { contains(name: string): boolean }; textContent: string | null } | null;
  };
}

/** The message under a field: the `.field__error` its `aria-describedby` names. */
async function errorOf(input: Locator): Promise<string | null> {
  return input.evaluate((element: DescribedElement) => {
    for (const id of (element.getAttribute('aria-describedby') ?? '').split(' ')) {
      const node = id ? element.ownerDocument.getElementById(id) : null;
      if (node?.classList.contains('field__error')) return node.textContent;
    }
    return null;
  });
}

/** The fields of the tab panel shown. */
function panel(page: Page) {
  const shown = page.locator('[role="tabpanel"]:not([hidden])');
  return {
    text: (text: string) => shown.getByText(text, { exact: true }),
    field: (label: string) => shown.getByLabel(label, { exact: true }),
    button: (name: string) => shown.getByRole('button', { name, exact: true }),
  };
}

/** Waits for the messages to appear, then checks each is under its own field. */
async function expectMessages(page: Page, expected: [label: string, message: string][]): Promise<void> {
  const { field, text } = panel(page);
  for (const [, message] of expected) await text(message).first().waitFor();
  for (const [label, message] of expected) expect([label, await errorOf(field(label))]).toEqual([label, message]);
}

describe('account forms (§5 messages) in Chromium', () => {
  const suite = browserSuite(['web-member']);

  for (const language of ['zh', 'en'] as const) {
    const { tabs, fields: f, buttons, messages: m } = texts[language];

    suite.test(
      `${language}: registration by account shows every §5 message under its field`,
      visit[language],
      async ({ page }) => {
        await page.goto('/register');
        const { field, button } = panel(page);
        await button(buttons.register).click();
        await expectMessages(page, [
          [f.account, m.accountRequired],
          [f.password, m.passwordRequired],
          [f.confirmPassword, m.passwordRequired],
          [f.captcha, m.captchaRequired],
          [f.terms, m.agreeTerms],
        ]);

        await field(f.account).fill('ab');
        await field(f.password).fill('123456');
        await field(f.confirmPassword).fill('1234567');
        await field(f.hintQuestion).fill('short');
        await field(f.captcha).fill('abc');
        await button(buttons.register).click();
        await expectMessages(page, [
          [f.account, m.accountLength],
          [f.password, m.passwordLength],
          [f.hintQuestion, m.hintQuestionLength],
          [f.hintAnswer, m.hintAnswerRequired],
          [f.captcha, m.captchaLength],
        ]);

        await field(f.account).fill('ann lee');
        await field(f.password).fill('1234567');
        await field(f.confirmPassword).fill('7654321');
        await button(buttons.register).click();
        await expectMessages(page, [
          [f.account, m.accountPattern],
          [f.confirmPassword, m.passwordMismatch],
        ]);
      },
    );

    suite.test(
      `${language}: registration by phone and by email checks the number, address and code`,
      visit[language],
      async ({ page }) => {
        await page.goto('/register');
        await page.getByRole('tab', { name: tabs.phone, exact: true }).click();
        const { field, button } = panel(page);
        await button(buttons.register).click();
        await expectMessages(page, [
          [f.phone, m.phoneRequired],
          [f.smsCode, m.smsCodeRequired],
        ]);
        await field(f.phone).fill('1380');
        await field(f.smsCode).fill('12345');
        await button(buttons.register).click();
        await expectMessages(page, [
          [f.phone, m.phoneLength],
          [f.smsCode, m.codeLength],
        ]);

        await page.getByRole('tab', { name: tabs.email, exact: true }).click();
        await panel(page).button(buttons.register).click();
        await expectMessages(page, [
          [f.email, m.emailRequired],
          [f.emailCode, m.codeRequired],
        ]);
        await panel(page).field(f.email).fill('a@b');
        await panel(page).button(buttons.register).click();
        await expectMessages(page, [[f.email, m.emailLength]]);
      },
    );

    suite.test(
      `${language}: login checks the account and password, then shows the server's uniform failure`,
      visit[language],
      async ({ page }) => {
        await page.goto('/login');
        const { field, button } = panel(page);
        await button(buttons.login).click();
        await expectMessages(page, [
          [f.account, m.accountRequired],
          [f.password, m.passwordRequired],
        ]);
        await field(f.account).fill('ab');
        await field(f.password).fill('123456');
        await button(buttons.login).click();
        await expectMessages(page, [
          [f.account, m.accountLength],
          [f.password, m.passwordLength],
        ]);

        await field(f.account).fill(`nobody_${language}_${Date.now() % 100000}`);
        await field(f.password).fill('not-the-password');
        await button(buttons.login).click();
        const alert = page.getByRole('alert').filter({ hasText: m.loginFailed });
        await alert.waitFor();
      },
    );

    suite.test(
      `${language}: a phone login code is sent only with a valid number and the captcha`,
      visit[language],
      async ({ page }) => {
        await page.goto('/login');
        await page.getByRole('tab', { name: tabs.phone, exact: true }).click();
        const { field, button } = panel(page);
        await button(buttons.sendCode).click();
        await expectMessages(page, [
          [f.phone, m.phoneRequired],
          [f.captcha, m.captchaRequired],
        ]);
        await field(f.phone).fill('123');
        await field(f.captcha).fill('ab');
        await button(buttons.sendCode).click();
        await expectMessages(page, [
          [f.phone, m.phoneLength],
          [f.captcha, m.captchaLength],
        ]);
        await button(buttons.login).click();
        await expectMessages(page, [[f.smsCode, m.smsCodeRequired]]);
      },
    );
  }
});
