import { CommandBus } from '@nestjs/cqrs';
import type { Page } from 'playwright-core';
import { newId } from '@forum/contracts';
import { eventually } from '@forum/testing';
import type { TestClient } from '@forum/testing';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { MEMBER_NICKNAMES } from '@forum/platform';
import { browserSuite } from './harness';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { MARKDOWN_XSS_PAYLOADS, XSS_PAYLOADS } from '../../libs/platform/src/content/xss-payloads';

/**
 * Issue 5's XSS suite: every known payload posted as a topic, a comment and a reply through the API, then the
 * HTML the API returns rendered in Chromium on the member site's origin, twice:
 *
 * - in the member site itself (its real CSP), the way `rich-content.tsx` renders it (`innerHTML`): a
 *   `script-src` violation means a payload got as far as trying to run, and fails the test like a run would;
 * - in a same-origin page WITHOUT a CSP, so the sanitizer alone is tested (the CSP is the second wall, not the
 *   first): `alert`/`confirm`/`prompt`/`print` and `window.__xss` are canaries, a `dialog` too, and every
 *   element gets the events a visitor would cause (mouse over, focus, animation) so `on*` handlers would fire.
 *
 * Markdown writes (ADR 0033) go through the same: every HTML payload and the Markdown-specific ones
 * (`MARKDOWN_XSS_PAYLOADS`: `javascript:` links, images, reference definitions, raw HTML, the hidden-block
 * container's arguments) posted as Markdown topics and read back by their author (hidden blocks open), and the
 * Markdown ones as Markdown comments.
 *
 * And the DOM after rendering has no `on*` attribute, no `javascript:` URL, no `<script>`, only allowed
 * elements. Self-checks feed the same harness the raw payloads, which must trip the canaries: a harness that
 * cannot see a script run would make the whole suite pass for nothing.
 */

const ALLOWED_ELEMENTS = new Set([
  ...['p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'ul', 'ol', 'li', 'a', 'img'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption', 'hide', 'player'],
]);

/** One rendered piece of content, named for the failure message. */
interface Rendered {
  name: string;
  html: string;
}

interface Findings {
  /** Canary calls (`__xss`, alert, confirm, prompt, print) with their argument. */
  ran: string[];
  /** CSP violations of a script directive (only in the member site, which has a CSP). */
  blocked: string[];
  /** DOM problems: handlers, `javascript:` URLs, scripts, elements outside the allow-list. */
  dom: string[];
}

/** The page script: defines the canaries, then renders each piece into its own container and pokes it. */
const RENDER = String.raw`async (pieces) => {
  const findings = { ran: window.__ran || [], blocked: window.__blocked || [], dom: [] };
  const root = document.createElement('div');
  root.id = 'xss-render';
  document.body.appendChild(root);
  for (const piece of pieces) {
    const container = document.createElement('div');
    container.className = 'rich-content';
    container.dataset.piece = piece.name;
    container.innerHTML = piece.html;
    root.appendChild(container);
  }
  // What a visitor would do to the content: point at it, tab into it; animations and transitions end.
  for (const element of root.querySelectorAll('*')) {
    for (const type of ['mouseover', 'mouseenter', 'mousemove', 'focus', 'focusin', 'animationstart', 'animationend', 'transitionend']) {
      try {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      } catch {}
    }
  }
  // Images and media settle (onerror, onload) before the verdict.
  await Promise.all([...root.querySelectorAll('img')].map((img) => img.complete ? null : new Promise((done) => {
    img.addEventListener('load', done);
    img.addEventListener('error', done);
    setTimeout(done, 2000);
  })));
  await new Promise((done) => setTimeout(done, 300));
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'background', 'xlink:href', 'srcdoc', 'lowsrc', 'dynsrc', 'cite'];
  for (const container of root.children) {
    const name = container.dataset.piece;
    for (const element of container.querySelectorAll('*')) {
      const tag = element.localName;
      if (tag === 'script') findings.dom.push(name + ': <script>');
      if (!window.__allowed.includes(tag)) findings.dom.push(name + ': <' + tag + '> is not allowed');
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) findings.dom.push(name + ': <' + tag + ' ' + attribute.name + '>');
        const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (urlAttributes.includes(attribute.name.toLowerCase()) && /^(javascript|vbscript|data:text\/html)/.test(value)) {
          findings.dom.push(name + ': <' + tag + ' ' + attribute.name + '="' + attribute.value + '">');
        }
        if (attribute.name === 'style' && /expression|javascript:|url\(/i.test(attribute.value)) {
          findings.dom.push(name + ': <' + tag + ' style="' + attribute.value + '">');
        }
      }
    }
  }
  findings.ran = window.__ran || [];
  findings.blocked = window.__blocked || [];
  return findings;
}`;

/** Before any page script: the canaries and the CSP listener. */
const CANARIES = `
  window.__ran = [];
  window.__blocked = [];
  window.__allowed = ${JSON.stringify([...ALLOWED_ELEMENTS])};
  window.__xss = (value) => { window.__ran.push('__xss(' + String(value) + ')'); };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    window[name] = (value) => { window.__ran.push(name + '(' + String(value) + ')'); };
  }
  document.addEventListener('securitypolicyviolation', (event) => {
    if (/^script-src/.test(event.effectiveDirective) || /^script-src/.test(event.violatedDirective)) {
      window.__blocked.push(event.effectiveDirective + ' ' + (event.sample || event.blockedURI));
    }
  });
`;

/** A same-origin page with no CSP: only the sanitizer stands between a payload and a run. */
const BARE_PAGE_PATH = '/__xss-harness';
const BARE_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>xss harness</title></head><body></body></html>';

async function render(page: Page, pieces: Rendered[], where: 'member-site' | 'bare'): Promise<Findings> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(CANARIES);
  if (where === 'bare') {
    await page.route(`**${BARE_PAGE_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: BARE_PAGE }),
    );
    await page.goto(BARE_PAGE_PATH);
  } else {
    await page.goto('/');
    await page.locator('h1').first().waitFor();
  }
  // Nothing leaves the origin (payloads point at xss.rocks and the like): refuse quietly.
  await page.route(
    (url) => url.origin !== new URL(page.url()).origin,
    (route) => route.abort(),
  );
  // A string (the render code runs in the page as written, not as compiled by ts-jest), called with the pieces.
  const findings = await page.evaluate<Findings>(`(${RENDER})(${JSON.stringify(pieces)})`);
  // Wait a moment for a navigation or a late timer a payload may have set up.
  await page.waitForTimeout(200);
  const late = await page.evaluate<{ ran: string[]; blocked: string[] }>(
    '({ ran: window.__ran || [], blocked: window.__blocked || [] })',
  );
  return { ran: [...late.ran, ...dialogs], blocked: late.blocked, dom: findings.dom };
}

async function postAll<T>(items: readonly T[], post: (item: T, index: number) => Promise<void>): Promise<void> {
  // A few at a time: the suite shares two cores with everyone.
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await post(items[index]!, index);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Each payload after a marker paragraph, so that a payload sanitized to nothing still makes a post. */
const wrap = (payload: string, index: number) => `<p>payload ${index}</p>${payload}`;
/** The same in Markdown: the marker, a blank line, the payload. */
const wrapMarkdown = (payload: string, index: number) => `markdown payload ${index}\n\n${payload}`;
const MARKDOWN_TOPIC_PAYLOADS = [...MARKDOWN_XSS_PAYLOADS, ...XSS_PAYLOADS];
/** Everything rendered: HTML topics, comments and replies; Markdown topics and comments. */
const RENDERED_COUNT = 3 * XSS_PAYLOADS.length + MARKDOWN_TOPIC_PAYLOADS.length + MARKDOWN_XSS_PAYLOADS.length;

describe('XSS: known payloads posted and rendered in Chromium', () => {
  const suite = browserSuite(['web-member']);
  const rendered: Rendered[] = [];

  /** A payload mentions `@bob`: mentions of unknown members are refused, so bob must exist. */
  async function registerMentioned(nickname: string): Promise<void> {
    const password = 'member-password';
    await suite.app.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account: `xss${Date.now().toString(36)}`, nickname, password, confirmPassword: password, agreeTerms: true },
          { actor: { kind: 'system', id: null, ip: '127.0.0.1' }, now: new Date(), correlationId: newId() },
          'member',
          true,
        ),
      );
    const nicknames = suite.app.db('forum').collection<{ _id: string }>(MEMBER_NICKNAMES);
    await eventually(async () => expect(await nicknames.findOne({ _id: nickname })).not.toBeNull());
  }

  beforeAll(async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const staff: TestClient = suite.app.client.as('xss-staff', 'staff');
    const tagIds = [await testTag(suite.app.client)];
    await registerMentioned('bob');

    const topicIds: string[] = [];
    await postAll(XSS_PAYLOADS, async (payload, index) => {
      const posted = await staff.post<{ topicId: string }>('/api/forum/topics', {
        title: `XSS payload ${index}`,
        tagIds,
        content: wrap(payload, index),
      });
      if (posted.status !== 201) throw new Error(`topic ${index}: ${posted.status} ${JSON.stringify(posted.body)}`);
      topicIds[index] = posted.body.topicId;
    });

    // Comments and replies on a topic of their own.
    const host = await staff.post<{ topicId: string }>('/api/forum/topics', {
      title: 'XSS comments',
      tagIds,
      content: '<p>Comments and replies carry the payloads.</p>',
    });
    expect(host.status).toBe(201);
    const commentIds: string[] = [];
    await postAll(XSS_PAYLOADS, async (payload, index) => {
      const posted = await staff.post<{ commentId: string }>(`/api/forum/topics/${host.body.topicId}/comments`, {
        content: wrap(payload, index),
      });
      if (posted.status !== 201) throw new Error(`comment ${index}: ${posted.status} ${JSON.stringify(posted.body)}`);
      commentIds[index] = posted.body.commentId;
    });
    await postAll(XSS_PAYLOADS, async (payload, index) => {
      const posted = await staff.post<{ replyId: string }>(`/api/forum/comments/${commentIds[0]}/replies`, {
        content: wrap(payload, index),
      });
      if (posted.status !== 201) throw new Error(`reply ${index}: ${posted.status} ${JSON.stringify(posted.body)}`);
    });

    // What the API hands back to readers is what the member site renders.
    const reader = suite.app.client.anonymous();
    await postAll(topicIds, async (topicId, index) => {
      const detail = await reader.get<{ content: string }>(`/api/forum/topics/${topicId}`);
      expect(detail.status).toBe(200);
      rendered.push({ name: `topic #${index}`, html: detail.body.content });
    });
    const comments = await reader.get<{ items: { contentHtml: string; floor: number }[] }>(
      `/api/forum/topics/${host.body.topicId}/comments?pageSize=100`,
    );
    expect(comments.status).toBe(200);
    expect(comments.body.items).toHaveLength(XSS_PAYLOADS.length);
    for (const comment of comments.body.items) {
      rendered.push({ name: `comment floor ${comment.floor}`, html: comment.contentHtml });
    }
    const replies = await reader.get<{ items: { contentHtml: string; replyId: string }[] }>(
      `/api/forum/comments/${commentIds[0]}/replies?pageSize=100`,
    );
    expect(replies.status).toBe(200);
    expect(replies.body.items).toHaveLength(XSS_PAYLOADS.length);
    for (const [index, reply] of replies.body.items.entries()) {
      rendered.push({ name: `reply ${index} (${reply.replyId})`, html: reply.contentHtml });
    }

    // Markdown: topics (read by their author, so hidden blocks are open too) and comments. Other authors, taking
    // turns: writes are limited per member and route (120 a minute), which the HTML posts before them nearly use up.
    const markdownAuthors: TestClient[] = ['xss-markdown-1', 'xss-markdown-2'].map((id) =>
      suite.app.client.as(id, 'staff'),
    );
    const markdownAuthor = (index: number) => markdownAuthors[index % markdownAuthors.length]!;
    const markdownTopicIds: string[] = [];
    await postAll(MARKDOWN_TOPIC_PAYLOADS, async (payload, index) => {
      const posted = await markdownAuthor(index).post<{ topicId: string }>('/api/forum/topics', {
        title: `XSS Markdown payload ${index}`,
        tagIds,
        content: wrapMarkdown(payload, index),
        format: 'markdown',
      });
      if (posted.status !== 201) throw new Error(`md topic ${index}: ${posted.status} ${JSON.stringify(posted.body)}`);
      markdownTopicIds[index] = posted.body.topicId;
    });
    await postAll(markdownTopicIds, async (topicId, index) => {
      const detail = await markdownAuthor(index).get<{ content: string }>(`/api/forum/topics/${topicId}`);
      expect(detail.status).toBe(200);
      rendered.push({ name: `markdown topic #${index}`, html: detail.body.content });
    });
    const markdownHost = await staff.post<{ topicId: string }>('/api/forum/topics', {
      title: 'XSS Markdown comments',
      tagIds,
      content: 'Comments in **Markdown** carry the payloads.',
      format: 'markdown',
    });
    expect(markdownHost.status).toBe(201);
    await postAll(MARKDOWN_XSS_PAYLOADS, async (payload, index) => {
      const posted = await markdownAuthor(index).post(`/api/forum/topics/${markdownHost.body.topicId}/comments`, {
        content: wrapMarkdown(payload, index),
        format: 'markdown',
      });
      if (posted.status !== 201)
        throw new Error(`md comment ${index}: ${posted.status} ${JSON.stringify(posted.body)}`);
    });
    const markdownComments = await reader.get<{ items: { contentHtml: string; floor: number }[] }>(
      `/api/forum/topics/${markdownHost.body.topicId}/comments?pageSize=100`,
    );
    expect(markdownComments.body.items).toHaveLength(MARKDOWN_XSS_PAYLOADS.length);
    for (const comment of markdownComments.body.items) {
      rendered.push({ name: `markdown comment floor ${comment.floor}`, html: comment.contentHtml });
    }
    expect(rendered).toHaveLength(RENDERED_COUNT);
  }, 600_000);

  suite.test('self-check: the raw payloads DO run in the harness without a CSP', {}, async ({ page }) => {
    const raw = XSS_PAYLOADS.map((html, index) => ({ name: `raw #${index}`, html }));
    const findings = await render(page, raw, 'bare');
    // `<img src=x onerror=…>` and `<a onmouseover=…>` among others: the canaries and the DOM checks both see them.
    expect(findings.ran.length).toBeGreaterThanOrEqual(5);
    expect(findings.ran.join('\n')).toMatch(/alert\(/);
    expect(findings.dom.some((line) => / on(error|mouseover)>/.test(line))).toBe(true);
    expect(findings.dom.some((line) => /javascript:/i.test(line))).toBe(true);
  });

  suite.test('self-check: on the member site a raw payload is caught by its CSP listener', {}, async ({ page }) => {
    const findings = await render(
      page,
      [{ name: 'raw', html: '<img src="/nothing.png" onerror="__xss(1)">' }],
      'member-site',
    );
    expect([...findings.ran, ...findings.blocked]).not.toEqual([]);
    expect(findings.dom).toEqual(['raw: <img onerror>']);
  });

  suite.test('no payload runs or leaves a handler, a javascript: URL or a script (no CSP)', {}, async ({ page }) => {
    const findings = await render(page, rendered, 'bare');
    expect(findings.ran).toEqual([]);
    expect(findings.dom).toEqual([]);
    // The rendering really happened: every piece is in the page, with its marker.
    const count = await page.locator('#xss-render > .rich-content').count();
    expect(count).toBe(RENDERED_COUNT);
    await page
      .getByText(`payload ${XSS_PAYLOADS.length - 1}`, { exact: true })
      .first()
      .waitFor();
    await page
      .getByText(`markdown payload ${MARKDOWN_TOPIC_PAYLOADS.length - 1}`, { exact: true })
      .first()
      .waitFor();
  });

  suite.test('no payload runs or trips the CSP in the member site', {}, async ({ page }) => {
    const findings = await render(page, rendered, 'member-site');
    expect(findings.ran).toEqual([]);
    expect(findings.blocked).toEqual([]);
    expect(findings.dom).toEqual([]);
  });
});
