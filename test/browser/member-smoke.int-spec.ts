import type { Locator, Page } from 'playwright-core';
import { browserSuite, horizontalOverflow } from './harness';
import { testTag } from '../../services/forum/src/tags/tag.fixture';

/**
 * The member site's stable hooks: the header's language control is labelled 语言 / Language, the newest
 * topics are a `<ul aria-label>`, the control panel's screens send visitors to log in.
 */
const texts = {
  zh: { language: '语言', newest: '最新话题', option: /^(中文|简体中文|zh)/i },
  en: {
    language: 'Language',
    newest: 'Newest topics',
    option: /^(English|en)/i,
  },
} as const;
type Language = keyof typeof texts;

/**
 * Chinese: a first visit (no saved `language`) from a zh-CN browser. English: a member who chose English
 * earlier (the site keeps a locale id under `language`).
 */
const visit = {
  zh: { locale: 'zh-CN' },
  en: { locale: 'en-US', localStorage: { language: 'en_US' } },
} as const;
const other = (language: Language): Language => (language === 'zh' ? 'en' : 'zh');

/** Picks a language whether the control is a `<select>`, a toggle, or a button that opens a menu of options. */
async function chooseLanguage(page: Page, control: Locator, target: Language): Promise<void> {
  const wanted = texts[target].option;
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
  if (await page.getByLabel(texts[target].language, { exact: true }).isVisible()) return;
  await page
    .getByRole('menuitem', { name: wanted })
    .or(page.getByRole('option', { name: wanted }))
    .or(page.getByRole('menuitemradio', { name: wanted }))
    .or(page.getByRole('button', { name: wanted }))
    .or(page.getByRole('link', { name: wanted }))
    .first()
    .click();
}

describe('member site (web-member) in Chromium', () => {
  const suite = browserSuite(['web-member']);
  let topicTitle: string;

  beforeAll(async () => {
    topicTitle = `Member site smoke ${Date.now()}`;
    const posted = await suite.app.client.as('member-smoke', 'staff').post<{ visible: boolean }>('/api/forum/topics', {
      title: topicTitle,
      tagIds: [await testTag(suite.app.client)],
      content: 'Posted through the API for the member site to list.',
    });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
  });

  for (const language of ['zh', 'en'] as const) {
    const say = texts[language];
    const target = texts[other(language)];

    suite.test(
      `${language}: the home page shows the site title and the newest topics, and the language can be switched`,
      visit[language],
      async ({ page }) => {
        await page.goto('/');
        const heading = page.locator('h1').first();
        await heading.waitFor();
        expect((await heading.textContent())?.trim()).toBeTruthy();

        const newest = page.getByRole('list', { name: say.newest, exact: true });
        await newest.getByText(topicTitle).waitFor();

        await chooseLanguage(page, page.getByLabel(say.language, { exact: true }), other(language));
        await page.getByLabel(target.language, { exact: true }).waitFor();
        await page.getByRole('list', { name: target.newest, exact: true }).getByText(topicTitle).waitFor();
      },
    );

    suite.test(`${language}: an unknown address lands on the home page`, visit[language], async ({ page }) => {
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('list', { name: say.newest, exact: true }).waitFor();
    });

    suite.test(
      `${language}: a visitor opening the balance screen is asked to log in`,
      visit[language],
      async ({ page }) => {
        await page.goto('/user/control/balance');
        await page.waitForURL(/\/login\?jumpUrl=/);
      },
    );

    suite.test(
      `${language}: at phone width (375 px) nothing scrolls sideways`,
      { ...visit[language], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      async ({ page }) => {
        await page.goto('/');
        await page.getByRole('list', { name: say.newest, exact: true }).getByText(topicTitle).waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      },
    );
  }
});
