import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderView } from '@contracts/messaging/reminder.views';
import type { Page } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';

/** A member as the messaging context shows them (cancelled accounts have no name). */
export interface MemberView {
  memberId: string;
  nickname: string | null;
  avatarUrl: string | null;
  cancelled: boolean;
  isStaff: boolean;
}

/** A reminder in the inbox: a public read view (`libs/contracts`, ADR 0047). */
export type { ReminderView };

export interface ConversationRow {
  member: MemberView;
  lastMessage: { messageId: string; fromMemberId: string; content: string; sentAt: string; fromMe: boolean } | null;
  unreadCount: number;
}

export interface MessageView {
  messageId: string;
  fromMe: boolean;
  sender: MemberView;
  content: string;
  sentAt: string;
  read: boolean;
}

export interface ReminderPreferences {
  /** Every type the site knows; `generated` is false for types no part of the site raises yet. */
  types: { type: number; enabled: boolean; generated: boolean }[];
}

export interface NotificationView {
  notificationId: string;
  title: string;
  content: string;
  publishedAt: string;
  editedAt: string | null;
  read: boolean;
}

export const MESSAGE_MAX_LENGTH = 1000;
export const MESSAGES_PAGE_SIZE = 20;

const BASE = '/api/messaging';
const member = (memberId: string) => encodeURIComponent(memberId);

/** Every messaging query lives under `['messages']`, so a write refreshes lists and the badge in one go. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: (page: number) => ['messages', 'conversations', page] as const,
  chat: (memberId: string, page: number) => ['messages', 'chat', memberId, page] as const,
  reminders: (page: number) => ['messages', 'reminders', page] as const,
  preferences: () => ['messages', 'reminderPreferences'] as const,
  emailPreferences: () => ['messages', 'emailPreferences'] as const,
  notifications: (page: number) => ['messages', 'systemNotifications', page] as const,
  blocks: () => ['messages', 'blocks'] as const,
};

export interface BlockedMember {
  member: MemberView;
  blockedAt: string;
}

function usePage<T>(queryKey: readonly unknown[], path: string, page: number, enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get<Page<T>>(path, { params: { page, pageSize: MESSAGES_PAGE_SIZE }, signal, loading: false }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useConversations = (page: number) =>
  usePage<ConversationRow>(messageKeys.conversations(page), `${BASE}/conversations`, page);

/** Newest first (the screen shows them oldest at the top). */
export const useChat = (memberId: string, page: number) =>
  usePage<MessageView>(
    messageKeys.chat(memberId, page),
    `${BASE}/conversations/${member(memberId)}/messages`,
    page,
    !!memberId,
  );

/** The members I refuse messages from (the first 100: a chat only asks whether its member is among them). */
export const useBlocks = () =>
  useQuery({
    queryKey: messageKeys.blocks(),
    queryFn: ({ signal }) =>
      api.get<Page<BlockedMember>>(`${BASE}/blocks`, { params: { page: 1, pageSize: 100 }, signal, loading: false }),
  });

export const useSetBlocked = () =>
  useMessagingWrite(({ memberId, blocked }: { memberId: string; blocked: boolean }) =>
    api.request(blocked ? 'PUT' : 'DELETE', `${BASE}/blocks/${member(memberId)}`),
  );

export const useReminders = (page: number) =>
  usePage<ReminderView>(messageKeys.reminders(page), `${BASE}/reminders`, page);

export const useSystemNotifications = (page: number) =>
  usePage<NotificationView>(messageKeys.notifications(page), `${BASE}/system-notifications`, page);

export function useReminderPreferences() {
  return useQuery({
    queryKey: messageKeys.preferences(),
    queryFn: ({ signal }) => api.get<ReminderPreferences>(`${BASE}/reminder-preferences`, { signal }),
  });
}

export const EMAIL_GROUPS = ['replies', 'mentions', 'privateMessages', 'answers', 'follows'] as const;
export type EmailGroup = (typeof EMAIL_GROUPS)[number];
export const EMAIL_MODES = ['never', 'immediately', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export interface EmailPreferences {
  modes: Record<EmailGroup, EmailMode>;
  /** Null: the site's default language. */
  language: 'zh' | 'en' | null;
  /** Where emails go, masked; null when the account has no verified address. */
  emailMasked: string | null;
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: messageKeys.emailPreferences(),
    queryFn: ({ signal }) => api.get<EmailPreferences>(`${BASE}/me/email-preferences`, { signal }),
  });
}

/** A messaging write; afterwards every messaging list and the unread badge are fetched again. */
function useMessagingWrite<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** Send errors are shown in the form (the message is the server's, in the member's language). */
export const useSendMessage = () =>
  useMessagingWrite((input: { toMemberId: string; content: string }) =>
    api.post(`${BASE}/messages`, input, { silent: true }),
  );

export const useMarkConversationRead = () =>
  useMessagingWrite((memberId: string) =>
    api.post(`${BASE}/conversations/${member(memberId)}/read`, undefined, { loading: false }),
  );

export const useDeleteConversation = () =>
  useMessagingWrite((memberId: string) => api.request('DELETE', `${BASE}/conversations/${member(memberId)}`));

export const useDeleteMessage = () =>
  useMessagingWrite(({ memberId, messageId }: { memberId: string; messageId: string }) =>
    api.request('DELETE', `${BASE}/conversations/${member(memberId)}/messages/${encodeURIComponent(messageId)}`),
  );

export const useMarkReminderRead = () =>
  useMessagingWrite((reminderId: string) =>
    api.post(`${BASE}/reminders/${encodeURIComponent(reminderId)}/read`, undefined, { loading: false }),
  );

export const useMarkAllRemindersRead = () => useMessagingWrite(() => api.post(`${BASE}/reminders/read-all`));

export const useDeleteReminder = () =>
  useMessagingWrite((reminderId: string) =>
    api.request('DELETE', `${BASE}/reminders/${encodeURIComponent(reminderId)}`),
  );

/** The whole set of unwanted types (JSON: a form body cannot say "none"). */
export const useSetReminderPreferences = () =>
  useMessagingWrite((disabledTypes: number[]) =>
    api.request<ReminderPreferences>('PUT', `${BASE}/reminder-preferences`, { json: { disabledTypes } }),
  );

export const useSetEmailPreferences = () =>
  useMessagingWrite((choice: Pick<EmailPreferences, 'modes' | 'language'>) =>
    api.request<EmailPreferences>('PUT', `${BASE}/me/email-preferences`, { json: choice }),
  );

export const useMarkAllNotificationsRead = () =>
  useMessagingWrite(() => api.post(`${BASE}/system-notifications/read-all`));

export const useMarkNotificationRead = () =>
  useMessagingWrite((notificationId: string) =>
    api.post(`${BASE}/system-notifications/${encodeURIComponent(notificationId)}/read`, undefined, { loading: false }),
  );

export const useDeleteNotification = () =>
  useMessagingWrite((notificationId: string) =>
    api.request('DELETE', `${BASE}/system-notifications/${encodeURIComponent(notificationId)}/for-me`),
  );
