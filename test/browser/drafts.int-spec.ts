import type { Page } from 'playwright-core';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, registerMember } from './harness';
import type { RegisteredMember } from './harness';

/**
 * Drafts follow the member from one browser to another (docs/rules/forum.md, drafts; issue 22): what is typed in one
 * context is restored in a second context of the same member — another device, with its own storage — and is gone
 * once sent or discarded.
 */
describe('drafts in Chromium', () => {
  const suite = browserSuite(['web-member']);
  let topicId: string;
  let tagName: string;
  let member: RegisteredMember;

  beforeAll(async () => {
    tagName = 'General';
    const posted = await suite.app.client
      .as('drafts-staff', 'staff')
      .post<{ topicId: string; visible: boolean }>('/api/forum/topics', {
        title: `Drafts welcome ${Date.now()}`,
        tagIds: [await testTag(suite.app.client, tagName)],
        content: '<p>Say something, take your time.</p>',
      });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    topicId = posted.body.topicId;
    member = await registerMember(suite.app, 'drafter');
  }, 60_000);

  const signedIn = () => ({
    locale: 'en-US',
    localStorage: { language: 'en_US', accessToken: member.accessToken, refreshToken: member.refreshToken },
  });

  /** Resolves once the draft `key` has been saved (PUT) or discarded (DELETE) by this page. */
  const draftWrite = (page: Page, method: 'PUT' | 'DELETE', key: string) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === method &&
        new URL(response.url()).pathname === `/api/forum/drafts/${encodeURIComponent(key)}` &&
        response.ok(),
      { timeout: 30_000 },
    );

  suite.test(
    'a comment typed in one browser is restored in another of the same member, and gone once posted',
    signedIn,
    async ({ page, newPage }) => {
      const text = `Half a thought ${Date.now()}, to be continued elsewhere.`;
      const key = `comment:${topicId}`;
      await page.goto(`/thread?topicId=${topicId}`);
      const box = page.getByRole('textbox', { name: 'Comment', exact: true });
      const saved = draftWrite(page, 'PUT', key);
      await box.fill(text);
      await saved;

      // Another device: a fresh context (its own storage and cache), the same member.
      const other = await newPage(signedIn());
      await other.goto('/user/control/draftList');
      const row = other.getByRole('row').filter({ hasText: 'Comment' });
      await row.getByText(text).waitFor();
      await row.getByRole('link', { name: 'Continue writing' }).click();
      const otherBox = other.getByRole('textbox', { name: 'Comment', exact: true });
      await expectValue(otherBox, text);
      await other.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();

      await otherBox.fill(`${text} Done.`);
      const discarded = draftWrite(other, 'DELETE', key);
      await other.getByRole('button', { name: 'Post comment' }).click();
      await other.getByText('Your comment was posted.').waitFor();
      await discarded;
      await other
        .locator('li.comment')
        .filter({ hasText: `${text} Done.` })
        .first()
        .waitFor();

      // Back on the first device: the page opened again starts empty, with no note.
      await page.reload();
      await page.getByRole('button', { name: 'Post comment' }).waitFor();
      await expectValue(page.getByRole('textbox', { name: 'Comment', exact: true }), '');
      expect(await page.getByText('Draft restored').count()).toBe(0);
      const list = await suite.app.client.as(member.id).get<{ items: { key: string }[] }>('/api/forum/drafts');
      expect(list.body.items.map((item) => item.key)).not.toContain(key);
    },
    150_000,
  );

  suite.test(
    'a new topic typed in the rich editor is restored elsewhere, and discarding it there empties both',
    signedIn,
    async ({ page, newPage }) => {
      const title = `Unfinished topic ${Date.now()}`;
      const body = 'Paragraph written on the first device.';
      await page.goto('/addTopic');
      await page.getByLabel('Title').fill(title);
      const saved = draftWrite(page, 'PUT', 'topic:new');
      const editor = page.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.type(body);
      await saved;

      const other = await newPage(signedIn());
      await other.goto('/addTopic');
      await expectValue(other.getByLabel('Title'), title);
      await other.getByRole('textbox', { name: 'Content' }).getByText(body).waitFor();
      const discarded = draftWrite(other, 'DELETE', 'topic:new');
      await other.getByRole('button', { name: 'Discard draft' }).click();
      await discarded;
      await expectValue(other.getByLabel('Title'), '');
      expect(await other.getByRole('textbox', { name: 'Content' }).getByText(body).count()).toBe(0);

      await page.reload();
      await page.getByRole('button', { name: 'Publish' }).waitFor();
      // The draft is asked for as the form opens; give that answer time to arrive before checking nothing came.
      await page.waitForLoadState('networkidle');
      await expectValue(page.getByLabel('Title'), '');
      expect(await page.getByText('Draft restored').count()).toBe(0);
    },
    150_000,
  );
});

/** Waits for an input's value (a restored draft arrives after the form shows). */
async function expectValue(locator: ReturnType<Page['getByLabel']>, value: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let current = await locator.inputValue();
  while (current !== value && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await locator.inputValue();
  }
  expect(current).toBe(value);
}
