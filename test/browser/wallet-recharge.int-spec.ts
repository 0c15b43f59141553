import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { browserSuite } from './harness';

/**
 * The member site's recharge against the real wallet and its sandbox gateway: the form sends the member to the
 * gateway's checkout, paying there brings them back to the result page, which waits for the signed notification,
 * and the balance screen shows the money and its ledger entry.
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    amount: 'Amount (yuan)',
    submit: 'Go to payment',
    paid: 'Payment received: ¥12.34 was added to your balance.',
    toBalance: 'View my balance',
    wallet: 'My wallet',
    ledger: 'Balance',
    module: 'Recharge',
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    amount: '金额（元）',
    submit: '去支付',
    paid: '付款成功：¥12.34 已存入您的余额。',
    toBalance: '查看我的余额',
    wallet: '我的钱包',
    ledger: '余额',
    module: '充值',
  },
} as const;

describe('recharge (/user/control/payment) in Chromium', () => {
  const suite = browserSuite(['web-member']);
  const sessions: Partial<Record<'en' | 'zh', { accessToken: string; refreshToken: string }>> = {};

  beforeAll(async () => {
    for (const language of ['en', 'zh'] as const) {
      const account = `payer${language}${Date.now().toString(36)}`;
      const registered = (await suite.app.app.get(CommandBus).execute(
        new RegisterMemberCommand(
          {
            account,
            nickname: account,
            password: 'payer-password',
            confirmPassword: 'payer-password',
            agreeTerms: true,
          },
          { actor: { kind: 'system', id: null, ip: '127.0.0.1' }, now: new Date(), correlationId: newId() },
          'member',
          true,
        ),
      )) as { accessToken: string; refreshToken: string };
      sessions[language] = { accessToken: registered.accessToken, refreshToken: registered.refreshToken };
    }
  }, 60_000);

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];
    suite.test(
      `${language}: a member pays 12.34 yuan at the sandbox checkout and the balance shows it`,
      () => ({ locale: say.visit.locale, localStorage: { language: say.visit.language, ...sessions[language] } }),
      async ({ page }) => {
        // The first visit loads the lazy screens: allow a slow, shared machine its time.
        await page.goto('/user/control/payment', { waitUntil: 'domcontentloaded', timeout: 30_000 });
        const amount = page.getByLabel(say.amount, { exact: true });
        await amount.waitFor({ timeout: 30_000 });
        await amount.fill('12.34');
        await page.getByRole('button', { name: say.submit }).click();

        // The gateway's hosted page (bilingual), then back to the site.
        await page.waitForURL(/\/api\/wallet\/payments\/sandbox\/checkout\//);
        expect(await page.content()).toContain('12.34');
        await page.getByRole('button', { name: '支付 · Pay' }).click();
        await page.waitForURL(/\/paymentCompleted\/sandbox\/5\//);
        await page.getByText(say.paid).waitFor({ timeout: 60_000 });

        await page.getByRole('link', { name: say.toBalance }).click();
        await page.getByLabel(say.wallet).getByText('¥12.34').waitFor();
        const entry = page.getByRole('table', { name: say.ledger }).getByRole('row').nth(1);
        await entry.getByText('+¥12.34').waitFor();
        // Serial number, entry (module), available, frozen, time, remark: a recharge only adds to what is available.
        const cells = entry.getByRole('cell');
        expect(await cells.nth(1).textContent()).toBe(say.module);
        expect(await cells.nth(2).textContent()).toBe('+¥12.34');
      },
      150_000,
    );
  }
});
