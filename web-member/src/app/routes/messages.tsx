import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { AuthorName, useMemberName } from '@/components/member/author-name';
import { pageFrom } from '@/components/ui/pagination';
import { ChatView } from '@/features/messages/components/chat-view';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { NotificationList } from '@/features/messages/components/notification-list';
import { ReminderList } from '@/features/messages/components/reminder-list';
import { EmailPreferencesForm } from '@/features/messages/components/email-preferences';
import { ReminderPreferencesForm } from '@/features/messages/components/reminder-preferences';
import { usePublicProfile } from '@/features/social/api/follows';
import { ControlScreen } from './control-screen';

/** The messaging screens of the control panel (`/user/control/…`), the page number in `?page=`. */

function usePage() {
  const [searchParams] = useSearchParams();
  return { page: pageFrom(searchParams.get('page')), memberId: searchParams.get('memberId') ?? '' };
}

/** `privateMessageList`: my conversations. */
export function ConversationsScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  return (
    <ControlScreen title={t('control.privateMessageList')}>
      <ConversationList page={page} />
    </ControlScreen>
  );
}

/** `privateMessageChatList?memberId=`: the conversation with one member, who is named (and linked) on top. */
export function ChatScreen() {
  const { t } = useTranslation();
  const { page, memberId } = usePage();
  const partner = usePublicProfile(memberId, memberId !== '');
  const member = partner.data ? { ...partner.data, memberId: partner.data.id } : null;
  const nameOf = useMemberName();
  return (
    <ControlScreen
      title={member ? t('member.chatWith', { name: nameOf(member) }) : t('control.privateMessageChatList')}
    >
      {memberId ? (
        <>
          {member ? (
            <p className="chat-partner">
              <AuthorName author={member} avatar />
            </p>
          ) : null}
          <ChatView memberId={memberId} page={page} />
        </>
      ) : (
        <p className="muted">{t('messages.conversations.noMember')}</p>
      )}
    </ControlScreen>
  );
}

/** `remindList`: my reminders, which types I receive, and which reach me by email. */
export function RemindersScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  return (
    <ControlScreen title={t('control.remindList')}>
      <ReminderPreferencesForm />
      <EmailPreferencesForm />
      <ReminderList page={page} />
    </ControlScreen>
  );
}

/** `systemNotifyList`: staff notices. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  return (
    <ControlScreen title={t('control.systemNotifyList')}>
      <NotificationList page={page} />
    </ControlScreen>
  );
}
