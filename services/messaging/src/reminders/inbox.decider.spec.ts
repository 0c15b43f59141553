import type { InboxEvent, SystemNotificationEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { notificationDecider } from '../notifications/system-notification.decider';
import { inboxDecider } from './inbox.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const at = now.toISOString();

describe('inbox decider (one stream per member)', () => {
  const allRead: InboxEvent = { type: 'AllRemindersRead', data: { memberId: 'm', upTo: 'r5', at } };

  it('marks one reminder read once, and not one that the read-all watermark covers', () => {
    const read = { type: 'ReadReminder', memberId: 'm', reminderId: 'r7', now } as const;
    given(inboxDecider)
      .when(read)
      .then([{ type: 'ReminderRead', data: { memberId: 'm', reminderId: 'r7', at } }]);
    given(inboxDecider, [{ type: 'ReminderRead', data: { memberId: 'm', reminderId: 'r7', at } }])
      .when(read)
      .thenNothingHappened();
    given(inboxDecider, [allRead])
      .when({ ...read, reminderId: 'r3' })
      .thenNothingHappened();
  });

  it('marks one system notification read once, and not one the read-all watermark covers', () => {
    const read = { type: 'ReadSystem', memberId: 'm', notificationId: 'n7', now } as const;
    const marked: InboxEvent = {
      type: 'SystemNotificationReadByMember',
      data: { memberId: 'm', notificationId: 'n7', at },
    };
    given(inboxDecider).when(read).then([marked]);
    given(inboxDecider, [marked]).when(read).thenNothingHappened();
    given(inboxDecider, [{ type: 'SystemNotificationsRead', data: { memberId: 'm', upTo: 'n9', at } }])
      .when(read)
      .thenNothingHappened();
  });

  it('moves the read-all watermark forward only', () => {
    given(inboxDecider, [allRead])
      .when({ type: 'ReadAllReminders', memberId: 'm', upTo: 'r4', now })
      .thenNothingHappened();
    given(inboxDecider, [allRead])
      .when({ type: 'ReadAllReminders', memberId: 'm', upTo: 'r9', now })
      .then([{ type: 'AllRemindersRead', data: { memberId: 'm', upTo: 'r9', at } }]);
  });

  it('stores preferences sorted and unique, and ignores a repeat', () => {
    const set = { type: 'SetPreferences' as const, memberId: 'm', disabledTypes: [80, 10, 80], now };
    const changed: InboxEvent = {
      type: 'ReminderPreferencesChanged',
      data: { memberId: 'm', disabledTypes: [10, 80], at },
    };
    given(inboxDecider).when(set).then([changed]);
    given(inboxDecider, [changed]).when(set).thenNothingHappened();
  });

  it('deletes a reminder or a notice for the member once', () => {
    const deleted: InboxEvent = { type: 'ReminderDeleted', data: { memberId: 'm', reminderId: 'r1', at } };
    given(inboxDecider, [deleted])
      .when({ type: 'DeleteReminder', memberId: 'm', reminderId: 'r1', now })
      .thenNothingHappened();
    given(inboxDecider)
      .when({ type: 'DeleteSystem', memberId: 'm', notificationId: 'n1', now })
      .then([{ type: 'SystemNotificationDeletedForMember', data: { memberId: 'm', notificationId: 'n1', at } }]);
  });
});

describe('system notification decider', () => {
  const published: SystemNotificationEvent = {
    type: 'SystemNotificationPublished',
    data: { notificationId: 'n1', title: 'T', content: 'C', by: 's', publishedAt: at },
  };
  const withdrawn: SystemNotificationEvent = {
    type: 'SystemNotificationWithdrawn',
    data: { notificationId: 'n1', by: 's', withdrawnAt: at },
  };

  it('publishes once, edits only a live notice and only when something changed', () => {
    const edit = { type: 'Edit', notificationId: 'n1', title: 'T2', content: 'C', by: 's', now } as const;
    given(notificationDecider, [published])
      .when({ type: 'Publish', notificationId: 'n1', title: 'T', content: 'C', by: 's', now })
      .thenNothingHappened();
    given(notificationDecider, [published])
      .when(edit)
      .then([
        {
          type: 'SystemNotificationEdited',
          data: { notificationId: 'n1', title: 'T2', content: 'C', by: 's', editedAt: at },
        },
      ]);
    given(notificationDecider, [published])
      .when({ ...edit, title: 'T' })
      .thenNothingHappened();
    given(notificationDecider, [published, withdrawn]).when(edit).thenError('messaging.notification_not_found');
    given(notificationDecider).when(edit).thenError('messaging.notification_not_found');
  });

  it('withdraws once', () => {
    const withdraw = { type: 'Withdraw', notificationId: 'n1', by: 's', now } as const;
    given(notificationDecider, [published]).when(withdraw).then([withdrawn]);
    given(notificationDecider, [published, withdrawn]).when(withdraw).thenNothingHappened();
    given(notificationDecider).when(withdraw).thenError('messaging.notification_not_found');
  });
});
