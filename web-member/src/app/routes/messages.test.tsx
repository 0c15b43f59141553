import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const page = (items: object[], extra: object = {}) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalPages: 1,
  ...extra,
});
const noContent = () => new Response(null, { status: 204 });
const bob = { memberId: 'm2', nickname: 'Bob', avatarUrl: null, cancelled: false, isStaff: false };
const ann = { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false, isStaff: false };
const at = '2026-01-02T08:00:00.000Z';
/** The first render loads the lazy route module: slow on a busy machine. */
const firstRender = { timeout: 30_000 };

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Delete in a row, then confirm the question that appears in its place. */
async function confirmDelete(user: ReturnType<typeof userEvent.setup>, row: HTMLElement, question: string) {
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  await user.click(within(within(row).getByRole('group', { name: question })).getByRole('button', { name: 'Delete' }));
}

describe('private messages', () => {
  it('lists conversations with the last message and unread count; deleting one removes it', async () => {
    const user = userEvent.setup();
    let rows = [
      {
        member: bob,
        lastMessage: { messageId: 'x2', fromMemberId: 'm2', content: 'See you', sentAt: at, fromMe: false },
        unreadCount: 120,
      },
    ];
    const { network } = renderApp('/user/control/privateMessageList', {
      routes: {
        'GET /api/messaging/conversations': () => json(200, page(rows)),
        'DELETE /api/messaging/conversations/m2': () => {
          rows = [];
          return noContent();
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Conversations' }, firstRender);
    const link = within(list).getByRole('link', { name: 'Conversation with Bob' });
    expect(link.getAttribute('href')).toBe('/user/control/privateMessageChatList?memberId=m2');
    expect(within(list).getByText('See you')).toBeTruthy();
    expect(within(list).getByText('99+')).toBeTruthy();
    expect(within(list).getByText('120 unread')).toBeTruthy();

    await confirmDelete(user, within(list).getByRole('listitem'), 'Delete this conversation for you?');
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
    expect(callsTo(network.sent, 'DELETE', '/api/messaging/conversations/m2')).toHaveLength(1);
  });

  it('shows the chat oldest first, marks it read, refuses an empty message and sends one', async () => {
    const user = userEvent.setup();
    let messages = [
      { messageId: 'x2', fromMe: false, sender: bob, content: 'How are you?', sentAt: at, read: false },
      { messageId: 'x1', fromMe: true, sender: ann, content: 'Hello Bob', sentAt: at, read: true },
    ];
    const { network } = renderApp('/user/control/privateMessageChatList?memberId=m2', {
      routes: {
        'GET /api/messaging/conversations/m2/messages': () => json(200, page(messages)),
        'POST /api/messaging/conversations/m2/read': () => {
          messages = messages.map((message) => ({ ...message, read: true }));
          return noContent();
        },
        'POST /api/messaging/messages': (request) => {
          const sent = new URLSearchParams(request.body);
          messages = [
            { messageId: 'x3', fromMe: true, sender: ann, content: sent.get('content')!, sentAt: at, read: false },
            ...messages,
          ];
          return json(201, { messageId: 'x3' });
        },
      },
    });
    const chat = await screen.findByRole('list', { name: 'Chat history' }, firstRender);
    expect(
      within(chat)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.chat__content')?.textContent),
    ).toEqual(['Hello Bob', 'How are you?']);
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/messaging/conversations/m2/read')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The message cannot be empty');
    expect(callsTo(network.sent, 'POST', '/api/messaging/messages')).toHaveLength(0);

    const box = screen.getByLabelText('Message');
    expect(box.getAttribute('maxlength')).toBe('1000');
    await user.type(box, 'Fine, thanks');
    expect(screen.getByText('988 characters left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(chat).getAllByRole('listitem')).toHaveLength(3));
    const body = new URLSearchParams(callsTo(network.sent, 'POST', '/api/messaging/messages')[0]!.body);
    expect(Object.fromEntries(body)).toEqual({ toMemberId: 'm2', content: 'Fine, thanks' });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('blocks a member from the chat and unblocks them again', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const { network } = renderApp('/user/control/privateMessageChatList?memberId=m2', {
      routes: {
        'GET /api/messaging/conversations/m2/messages': () => json(200, page([])),
        'GET /api/messaging/blocks': () => json(200, page(blocked ? [{ member: bob, blockedAt: at }] : [])),
        'PUT /api/messaging/blocks/m2': () => {
          blocked = true;
          return noContent();
        },
        'DELETE /api/messaging/blocks/m2': () => {
          blocked = false;
          return noContent();
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Block' }, firstRender));
    const ask = screen.getByRole('group', { name: /Refuse private messages from this member/ });
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You refuse private messages from this member.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    const again = screen.getByRole('group', { name: 'Accept private messages from this member again?' });
    await user.click(within(again).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
    expect(callsTo(network.sent, 'PUT', '/api/messaging/blocks/m2')).toHaveLength(1);
    expect(callsTo(network.sent, 'DELETE', '/api/messaging/blocks/m2')).toHaveLength(1);
  });

  it("shows the server's refusal above the send button", async () => {
    const user = userEvent.setup();
    renderApp('/user/control/privateMessageChatList?memberId=m2', {
      routes: {
        'GET /api/messaging/conversations/m2/messages': () => json(200, page([])),
        'POST /api/messaging/messages': () =>
          json(403, { code: 'messaging.recipient_cancelled', message: 'This member has cancelled their account.' }),
      },
    });
    await user.type(await screen.findByLabelText('Message', {}, firstRender), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This member has cancelled their account.');
  });
});

const reminder = (reminderId: string, type: number, read: boolean, extra: object = {}) => ({
  reminderId,
  type,
  sender: bob,
  topicId: 't1',
  topicTitle: 'My topic',
  commentId: null,
  replyId: null,
  summary: null,
  at,
  read,
  ...extra,
});

describe('reminders', () => {
  it('shows each reminder with sender, text, target link and read state; marks one and all read; deletes', async () => {
    const user = userEvent.setup();
    let rows = [
      reminder('r3', 10, false, { commentId: 'c1', summary: 'Nice post' }),
      reminder('r2', 80, false, { topicId: null, topicTitle: null }),
      reminder('r1', 70, true),
    ];
    const { network } = renderApp('/user/control/remindList', {
      routes: {
        'GET /api/messaging/reminders': () => json(200, page(rows)),
        'GET /api/messaging/reminder-preferences': () => json(200, { types: [] }),
        'POST /api/messaging/reminders/r3/read': () => {
          rows = rows.map((row) => (row.reminderId === 'r3' ? { ...row, read: true } : row));
          return noContent();
        },
        'POST /api/messaging/reminders/read-all': () => {
          rows = rows.map((row) => ({ ...row, read: true }));
          return noContent();
        },
        'DELETE /api/messaging/reminders/r1': () => {
          rows = rows.filter((row) => row.reminderId !== 'r1');
          return noContent();
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Reminders' }, firstRender);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Bob commented on your topic');
    expect(items[0]!.textContent).toContain('Unread');
    expect(within(items[0]!).getByRole('link', { name: 'My topic' }).getAttribute('href')).toBe(
      '/thread?topicId=t1&commentId=c1',
    );
    expect(items[1]!.textContent).toContain('Bob followed you');
    // A follow has no target to open; the sender's name leads to their member page.
    expect(
      within(items[1]!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/user/m2']);
    expect(items[2]!.textContent).toContain('Bob liked your topic');
    expect(items[2]!.textContent).toContain('Read');

    await user.click(within(items[0]!).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(within(list).getAllByRole('button', { name: 'Mark read' })).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(within(list).queryAllByRole('button', { name: 'Mark read' })).toHaveLength(0));
    expect(callsTo(network.sent, 'POST', '/api/messaging/reminders/read-all')).toHaveLength(1);

    await confirmDelete(user, within(list).getAllByRole('listitem')[2]!, 'Delete it?');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });

  it('shows the reminder texts in Chinese', async () => {
    renderApp('/user/control/remindList', {
      language: 'zh',
      routes: {
        'GET /api/messaging/reminders': () => json(200, page([reminder('r1', 55, false), reminder('r0', 260, true)])),
        'GET /api/messaging/reminder-preferences': () => json(200, { types: [] }),
      },
    });
    const list = await screen.findByRole('list', { name: '提醒列表' }, firstRender);
    expect(list.textContent).toContain('Bob 回复了你的回复');
    expect(list.textContent).toContain('Bob 赞了你的评论');
  });

  it('links each Q&A reminder to its question page, titled by the question, in English and Chinese', async () => {
    const qa = (reminderId: string, type: number) =>
      reminder(reminderId, type, false, {
        topicId: null,
        topicTitle: null,
        questionId: 'q1',
        questionTitle: 'My question',
        answerId: 'a1',
      });
    const types = [120, 130, 140, 150, 160, 170, 180, 190, 230, 240, 250, 280, 290, 300, 310];
    const rows = types.map((type) => qa(`r${type}`, type));
    const routes = {
      'GET /api/messaging/reminders': () => json(200, page(rows)),
      'GET /api/messaging/reminder-preferences': () => json(200, { types: [] }),
    };
    const { unmount } = renderApp('/user/control/remindList', { routes });
    const list = await screen.findByRole('list', { name: 'Reminders' }, firstRender);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(types.length);
    for (const item of items)
      expect(within(item).getByRole('link', { name: 'My question' }).getAttribute('href')).toBe(
        '/question?questionId=q1',
      );
    expect(items[0]!.textContent).toContain('Bob answered your question');
    expect(items[7]!.textContent).toContain('Bob, whom you follow, replied to an answer');
    expect(items[14]!.textContent).toContain('Bob adopted your answer');
    // Every type has its text (a missing one would show the bare code, without the sender's name).
    for (const item of items) expect(item.textContent).toContain('Bob');
    unmount();

    renderApp('/user/control/remindList', { language: 'zh', routes });
    const zh = await screen.findByRole('list', { name: '提醒列表' }, firstRender);
    expect(zh.textContent).toContain('Bob 回答了你的问题');
    expect(zh.textContent).toContain('Bob 赞了你的答案回复');
    expect(zh.textContent).toContain('Bob 采纳了你的答案');
  });

  it('saves which types I receive as the set of unticked ones', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/user/control/remindList', {
      routes: {
        'GET /api/messaging/reminders': () => json(200, page([])),
        'GET /api/messaging/reminder-preferences': () =>
          json(200, {
            types: [
              { type: 10, enabled: true, generated: true },
              { type: 80, enabled: false, generated: true },
              { type: 120, enabled: true, generated: false },
            ],
          }),
        'PUT /api/messaging/reminder-preferences': () => json(200, { types: [] }),
      },
    });
    await user.click(await screen.findByText('Which reminders I receive', { selector: 'summary' }, firstRender));
    const followers = screen.getByRole('checkbox', { name: 'New followers' });
    expect((followers as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('checkbox', { name: /Answers to my question/ }).closest('label')!.textContent).toContain(
      '(not raised yet)',
    );
    await user.click(followers);
    await user.click(screen.getByRole('checkbox', { name: 'Comments on my topic' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(network.sent, 'PUT', '/api/messaging/reminder-preferences')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'PUT', '/api/messaging/reminder-preferences')[0]!.body!)).toEqual({
      disabledTypes: [10],
    });
  });
});

describe('system notifications', () => {
  it('lists notices with read state, marks one and all read and deletes one for me', async () => {
    const user = userEvent.setup();
    let rows = [
      {
        notificationId: 'n2',
        title: 'Maintenance',
        content: 'Sunday 2 am',
        publishedAt: at,
        editedAt: at,
        read: false,
      },
      { notificationId: 'n1', title: 'Welcome', content: 'Hello all', publishedAt: at, editedAt: null, read: false },
    ];
    const { network } = renderApp('/user/control/systemNotifyList', {
      routes: {
        'GET /api/messaging/system-notifications': () => json(200, page(rows)),
        'POST /api/messaging/system-notifications/n1/read': () => {
          rows = rows.map((row) => (row.notificationId === 'n1' ? { ...row, read: true } : row));
          return noContent();
        },
        'POST /api/messaging/system-notifications/read-all': () => {
          rows = rows.map((row) => ({ ...row, read: true }));
          return noContent();
        },
        'DELETE /api/messaging/system-notifications/n1/for-me': () => {
          rows = rows.filter((row) => row.notificationId !== 'n1');
          return noContent();
        },
      },
    });
    const maintenance = await screen.findByRole('article', { name: 'Maintenance' }, firstRender);
    expect(maintenance.textContent).toContain('Unread');
    expect(maintenance.textContent).toContain('Sunday 2 am');
    const welcomeRow = screen.getByRole('article', { name: 'Welcome' }).closest('li')!;
    await user.click(within(welcomeRow).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Welcome' }).textContent).toContain('Read'));
    expect(callsTo(network.sent, 'POST', '/api/messaging/system-notifications/n1/read')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Maintenance' }).textContent).toContain('Read'));
    expect(callsTo(network.sent, 'POST', '/api/messaging/system-notifications/read-all')).toHaveLength(1);

    const list = screen.getByRole('list', { name: 'System notifications' });
    await confirmDelete(user, within(list).getAllByRole('listitem')[1]!, 'Delete this notification for you?');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Welcome' })).toBeNull());
  });
});

/** A stand-in `EventSource` the test drives by hand. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readonly listeners = new Map<string, (event: MessageEvent) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  push(count: object) {
    act(() => this.listeners.get('unread')!(new MessageEvent('unread', { data: JSON.stringify(count) })));
  }
}

describe('header badge', () => {
  it('follows the live stream (99+ above 99) and falls back to the poll when the stream fails', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const { network } = renderApp('/askList', {
      routes: {
        'GET /api/messaging/unread-count': () =>
          json(200, { privateMessageCount: 0, remindCount: 3, systemNotifyCount: 0 }),
      },
    });
    const bell = await screen.findByRole('link', { name: 'Messages, 3 unread' }, firstRender);
    expect(bell.textContent).toBe('3');
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('/api/messaging/unread-count/stream?access_token=access-1');

    stream.push({ privateMessageCount: 1, remindCount: 4, systemNotifyCount: 0 });
    expect(screen.getByRole('link', { name: 'Messages, 5 unread' }).getAttribute('href')).toBe(
      '/user/control/privateMessageList',
    );
    stream.push({ privateMessageCount: 0, remindCount: 150, systemNotifyCount: 0 });
    expect(screen.getByRole('link', { name: 'Messages, 150 unread' }).textContent).toBe('99+');

    const polls = callsTo(network.sent, 'GET', '/api/messaging/unread-count').length;
    act(() => stream.onerror!());
    expect(stream.closed).toBe(true);
    // The poll resumes at once (its interval restarts) and the badge shows its number again.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Messages, 3 unread' })).toBeTruthy(), {
      timeout: 20_000,
    });
    expect(callsTo(network.sent, 'GET', '/api/messaging/unread-count').length).toBeGreaterThan(polls);
  }, 30_000);
});
