import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { eventually, launchChromium, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { ALL_CONTEXTS } from '../../services/all-in-one/src/contexts';
import { ForumModule } from '../../services/forum/src/forum.module';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { MessagingModule } from '../../services/messaging/src/messaging.module';
import { serveWebApps } from '../../services/all-in-one/src/web-shell';

export const repoRoot = path.resolve(__dirname, '../..');
export const resultsDir = path.join(repoRoot, 'test-results');

export type WebApp = 'web-member' | 'web-admin';

/** Fails with the fix in the message, rather than testing the placeholder page of a site that was never built. */
export function requireBuilt(site: WebApp): void {
  const index = path.join(repoRoot, site, 'dist', 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `${path.relative(repoRoot, index)} is missing: browser specs test the built site. Build it with \`npm run build -w ${site}\`.`,
    );
  }
}

export interface BrowserTestOptions extends BrowserContextOptions {
  /** The site's localStorage when the context opens (a saved language, a session's tokens). */
  localStorage?: Record<string, string>;
}

export interface BrowserTestContext {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Opens another page in a fresh context (its own storage and cache), closed with the test. */
  newPage(options?: BrowserTestOptions): Promise<Page>;
}

export interface BrowserSuite {
  readonly app: TestApp;
  readonly baseUrl: string;
  /**
   * A test with a fresh browser context. When it fails — or the page throws an uncaught error — a screenshot,
   * the page's HTML and its console go to `test-results/`.
   */
  test(
    name: string,
    /** A function when the options need the running app (a token it signs). */
    options: BrowserTestOptions | (() => BrowserTestOptions),
    body: (context: BrowserTestContext) => Promise<void>,
    timeoutMs?: number,
  ): void;
}

export interface BrowserSuiteOptions {
  /**
   * The site to test, read when the suite starts (a cluster's nginx, ADR 0051): no app is started, and `app`
   * throws. Without it the suite starts its own app.
   */
  baseUrl?: () => string;
}

/**
 * One app (every context of the all-in-one process, on the suite's real Kafka and MongoDB, serving the built
 * web apps) — or the site at `options.baseUrl` — and one Chromium per spec file.
 */
export function browserSuite(requires: WebApp[], options: BrowserSuiteOptions = {}): BrowserSuite {
  let app: TestApp | undefined;
  let baseUrl = '';
  let browser: Browser | undefined;

  beforeAll(async () => {
    for (const site of requires) requireBuilt(site);
    if (options.baseUrl) baseUrl = options.baseUrl();
    else {
      app = await startTestApp(ALL_CONTEXTS, { configure: (created) => serveWebApps(created, repoRoot) });
      baseUrl = await app.listen();
    }
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  return {
    get app() {
      if (options.baseUrl) throw new Error(`this suite tests ${baseUrl || 'a running site'}: it starts no app`);
      if (!app) throw new Error('the app is not started (see the beforeAll failure above)');
      return app;
    },
    get baseUrl() {
      return baseUrl;
    },
    test(name, options, body, timeoutMs) {
      test(
        name,
        async () => {
          if (!browser) throw new Error('Chromium is not started (see the beforeAll failure above)');
          const contexts: BrowserContext[] = [];
          const pages: { page: Page; log: string[] }[] = [];
          const open = async ({ localStorage, ...contextOptions }: BrowserTestOptions = {}) => {
            const context = await browser!.newContext({
              baseURL: baseUrl,
              ...contextOptions,
              ...(localStorage && {
                storageState: {
                  cookies: [],
                  origins: [
                    {
                      origin: baseUrl,
                      localStorage: Object.entries(localStorage).map(([name, value]) => ({ name, value })),
                    },
                  ],
                },
              }),
            });
            contexts.push(context);
            // Well under Jest's 60 s, so a missing element fails with the locator's message, not a test timeout.
            context.setDefaultTimeout(10_000);
            // A first page load fetches and compiles the lazy chunks: on a busy machine that alone can take seconds.
            context.setDefaultNavigationTimeout(30_000);
            const page = await context.newPage();
            const log: string[] = [];
            page.on('console', (message) => log.push(`[console.${message.type()}] ${message.text()}`));
            page.on('pageerror', (error) => log.push(`[pageerror] ${error.stack ?? error.message}`));
            page.on('requestfailed', (request) =>
              log.push(`[requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
            );
            pages.push({ page, log });
            return page;
          };
          try {
            const page = await open(typeof options === 'function' ? options() : options);
            await body({ page, context: contexts[0]!, baseUrl, newPage: open });
            const uncaught = pages.flatMap(({ log }) => log.filter((line) => line.startsWith('[pageerror]')));
            if (uncaught.length > 0) throw new Error(`the page threw:\n${uncaught.join('\n')}`);
          } catch (error) {
            await saveEvidence(pages);
            throw error;
          } finally {
            await Promise.all(contexts.map((context) => context.close()));
          }
        },
        timeoutMs,
      );
    },
  };
}

async function saveEvidence(pages: { page: Page; log: string[] }[]): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  const { testPath, currentTestName } = expect.getState();
  const base = `${path.basename(testPath ?? 'spec').replace(/\.(int|cluster)-spec\.ts$/, '')}--${slug(currentTestName ?? 'test')}`;
  for (const [index, { page, log }] of pages.entries()) {
    const name = path.join(resultsDir, `${base}${index === 0 ? '' : `-${index + 1}`}`);
    try {
      await page.screenshot({ path: `${name}.png`, fullPage: true, timeout: 5_000 });
      writeFileSync(`${name}.html`, `<!-- ${page.url()} -->\n${await page.content()}`);
    } catch (error) {
      log.push(`[harness] could not capture the page: ${String(error)}`);
    }
    writeFileSync(`${name}.log`, `${page.url()}\n${log.join('\n')}\n`);
    console.log(`[browser] evidence saved: ${path.relative(repoRoot, name)}.{png,html,log}`);
  }
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\u4e00-\u9fff]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/** `document.documentElement` is no wider than the viewport: nothing to scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
}

export interface RegisteredMember {
  id: string;
  /** Also the nickname. */
  account: string;
  nickname: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A member registered without the browser (when registering is not the spec's subject), once their role has
 * reached the forum's and messaging's copies of permissions: they may read, comment, unlock and message.
 */
export async function registerMember(app: TestApp, prefix: string): Promise<RegisteredMember> {
  const account = `${prefix}${Date.now().toString(36)}`;
  const password = 'member-password';
  const registered = (await app.app
    .get(CommandBus)
    .execute(
      new RegisterMemberCommand(
        { account, nickname: account, password, confirmPassword: password, agreeTerms: true },
        { actor: { kind: 'system', id: null, ip: '127.0.0.1' }, now: new Date(), correlationId: newId() },
        'member',
        true,
      ),
    )) as { accessToken: string; refreshToken: string; systemUser: { id: string } };
  const member = { kind: 'member' as const, id: registered.systemUser.id };
  const forum = app.app.select(ForumModule).get(PermissionChecker);
  const messaging = app.app.select(MessagingModule).get(PermissionChecker);
  await eventually(async () => expect(await forum.can(member, 'comment.post')).toBe(true));
  await eventually(async () => expect(await messaging.can(member, 'privateMessage')).toBe(true));
  const { accessToken, refreshToken } = registered;
  return { id: member.id, account, nickname: account, accessToken, refreshToken };
}
