import type { Locator, Page } from 'playwright-core';
import { translateError } from '@forum/contracts';
import { readLocalStorage } from './harness';

/**
 * The smoke journeys of the member site and the staff console, as steps on a page whose context's `baseURL` is
 * the site: the browser specs run them against their own app (member-smoke, admin-smoke), the cluster spec
 * against nginx in front of the distributed mode (ADR 0051). A step that fails only in one of them is the mode's.
 */

/**
 * The member site's stable hooks: the header's language control is labelled 语言 / Language, the newest
 * topics are a `<ul aria-label>`, the control panel's screens send visitors to log in.
 */
export const memberTexts = {
  zh: {
    language: '语言',
    newest: '最新话题',
    option: /^(中文|简体中文|zh)/i,
    account: '账号',
    password: '密码',
    login: '登录',
    comment: '评论',
    postComment: '发表评论',
    wallet: '我的钱包',
  },
  en: {
    language: 'Language',
    newest: 'Newest topics',
    option: /^(English|en)/i,
    account: 'Account',
    password: 'Password',
    login: 'Log in',
    comment: 'Comment',
    postComment: 'Post comment',
    wallet: 'My wallet',
  },
} as const;
export type Language = keyof typeof memberTexts;

/**
 * Chinese: a first visit (no saved `language`) from a zh-CN browser. English: a member who chose English
 * earlier (the site keeps a locale id under `language`).
 */
export const memberVisit = {
  zh: { locale: 'zh-CN' },
  en: { locale: 'en-US', localStorage: { language: 'en_US' } },
} as const;
export const otherLanguage = (language: Language): Language => (language === 'zh' ? 'en' : 'zh');

/** Picks a language whether the control is a `<select>`, a toggle, or a button that opens a menu of options. */
export async function chooseLanguage(page: Page, control: Locator, target: Language): Promise<void> {
  const wanted = memberTexts[target].option;
  if ((await control.evaluate((element) => element.tagName)) === 'SELECT') {
    const options: { value: string; label: string }[] = await control.evaluate((select) =>
      [...(select as unknown as { options: { value: string; label: string }[] }).options].map((option) => ({
        value: option.value,
        label: option.label.trim(),
      })),
    );
    const option = options.find(({ value, label }) => wanted.test(label) || wanted.test(value));
    if (!option) throw new Error(`no ${target} option in the language <select>: ${JSON.stringify(options)}`);
    await control.selectOption(option.value);
    return;
  }
  await control.click();
  if (await page.getByLabel(memberTexts[target].language, { exact: true }).isVisible()) return;
  await page
    .getByRole('menuitem', { name: wanted })
    .or(page.getByRole('option', { name: wanted }))
    .or(page.getByRole('menuitemradio', { name: wanted }))
    .or(page.getByRole('button', { name: wanted }))
    .or(page.getByRole('link', { name: wanted }))
    .first()
    .click();
}

/** The home page in `language` shows the site title and lists `topicTitle`; switching the language keeps it listed. */
export async function homeListsTopicAcrossLanguages(page: Page, language: Language, topicTitle: string) {
  const say = memberTexts[language];
  const target = memberTexts[otherLanguage(language)];
  await page.goto('/');
  const heading = page.locator('h1').first();
  await heading.waitFor();
  expect((await heading.textContent())?.trim()).toBeTruthy();

  await page.getByRole('list', { name: say.newest, exact: true }).getByText(topicTitle).waitFor();

  await chooseLanguage(page, page.getByLabel(say.language, { exact: true }), otherLanguage(language));
  await page.getByLabel(target.language, { exact: true }).waitFor();
  await page.getByRole('list', { name: target.newest, exact: true }).getByText(topicTitle).waitFor();
}

export interface MemberJourney {
  account: string;
  password: string;
  topicTitle: string;
  /** The member's balance as the wallet shows it (`¥12.34`). */
  balance: string;
}

/**
 * One member's visit from a zh-CN browser (open with `memberVisit.zh`): signs in on the login form, finds the
 * topic in the newest list and opens it, reloads it (the topic arrives server-rendered), replies and sees the
 * reply (at once when the server says it is visible), also after a reload; switches to English and opens the wallet.
 */
export async function memberJourney(page: Page, { account, password, topicTitle, balance }: MemberJourney) {
  const zh = memberTexts.zh;
  const en = memberTexts.en;
  await page.goto('/login');
  const form = page.locator('[role="tabpanel"]:not([hidden])');
  await form.getByLabel(zh.account, { exact: true }).fill(account);
  await form.getByLabel(zh.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: zh.login, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  expect(await readLocalStorage(page, 'accessToken')).toBeTruthy();

  await page.goto('/');
  await page.getByRole('list', { name: zh.newest, exact: true }).getByRole('link', { name: topicTitle }).click();
  await page.waitForURL((url) => url.pathname === '/thread');
  await page.getByRole('heading', { name: topicTitle }).waitFor();
  // The same address loaded afresh: the page's HTML already holds the topic (the server rendered it). A render past
  // its 3 s deadline (a loaded CI host) sends the shell and keeps rendering; a later load gets the kept page.
  let html = '';
  for (let load = 1; load <= 3 && !html.includes('id="ssr-state"'); load++) {
    const loaded = await page.reload();
    expect(loaded?.status()).toBe(200);
    html = (await loaded?.text()) ?? '';
  }
  expect(html).toContain(topicTitle);
  expect(html).toContain('id="ssr-state"');
  await page.getByRole('heading', { name: topicTitle }).waitFor();

  const reply = `A reply from ${account}`;
  const shown = page.locator('li.comment').filter({ hasText: reply });
  await page.getByLabel(zh.comment, { exact: true }).fill(reply);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /^\/api\/forum\/topics\/[^/]+\/comments$/.test(new URL(response.url()).pathname),
    ),
    page.getByRole('button', { name: zh.postComment, exact: true }).click(),
  ]);
  expect(answer.status()).toBe(201);
  // `visible: false`: the server's bounded wait for its read model ran out (a loaded machine), and the page's list
  // does not ask again soon; the member then reloads, as the loop below does.
  if (((await answer.json()) as { visible?: boolean }).visible) await shown.waitFor();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.reload();
    try {
      await shown.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }

  await chooseLanguage(page, page.getByLabel(zh.language, { exact: true }), 'en');
  await page.getByLabel(en.language, { exact: true }).waitFor();
  await page.getByRole('button', { name: en.postComment, exact: true }).waitFor();

  await page.goto('/user/control/balance');
  expect(new URL(page.url()).pathname).toBe('/user/control/balance');
  await page.getByLabel(en.wallet).getByText(balance).first().waitFor();
}

/** What the staff console says in each language. */
export const adminTexts = {
  zh: {
    locale: 'zh-CN',
    language: '语言',
    name: '中文',
    figures: ['会员', '今日发帖', '待处理举报', '发件箱积压', '投影延迟'],
    topics: '话题',
    title: '标题',
  },
  en: {
    locale: 'en-US',
    language: 'Language',
    name: 'English',
    figures: ['Members', 'Posts today', 'Pending reports', 'Outbox backlog', 'Projector lag'],
    topics: 'Topics',
    title: 'Title',
  },
} as const;

/**
 * A staff member signs in on the console's login form (open with `locale: 'en-US'`): a wrong password shows the
 * server's message and stores nothing, the right one opens the dashboard with their name.
 */
export async function staffSignsIn(
  page: Page,
  { account, password, nickname }: { account: string; password: string; nickname: string },
) {
  await page.goto('/admin/');
  await page.waitForURL((url) => url.pathname === '/admin/login');

  await page.getByLabel(/^Username/).fill(account);
  await page.getByLabel(/^Password/).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: translateError('identity.login_failed', 'en') })
    .waitFor();
  expect(await readLocalStorage(page, 'staffAccessToken')).toBeNull();

  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('region', { name: 'Outbox backlog', exact: true }).waitFor();
  await page.getByText(nickname, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
  expect(await readLocalStorage(page, 'staffRefreshToken')).toBeTruthy();
}

/** From the signed-in console's menu, the topics list shows `topicTitle`; a deep link to it opens the same list. */
export async function consoleListsTopic(page: Page, language: Language, topicTitle: string) {
  const say = adminTexts[language];
  await page.goto('/admin/');
  await page.getByRole('menuitem', { name: say.topics }).click();
  await page.getByRole('columnheader', { name: say.title }).waitFor();
  await page.getByRole('cell', { name: topicTitle }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/topics');

  // A deep link opens the same page (the server answers index.html for client routes).
  await page.goto('/admin/topics');
  await page.getByRole('cell', { name: topicTitle }).waitFor();
}
