import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { newId } from '@forum/contracts';
import type { EmailGroup, EmailMode, EventEnvelope } from '@forum/contracts';
import { bindVerifiedEmail, eventually } from '@forum/testing';
import { MessagingFixture, startMessaging } from '../messaging.fixture';
import { MessagingModule } from '../messaging.module';
import { deliveryStream } from '../reminders/reminder-delivery.decider';
import { EmailDigests } from './email-digests';
import { EMAIL_REACTOR } from './email-reactor';
import { EMAIL_RECIPIENTS, emailPreferencesProjection } from './email-preferences.projection';
import type { EmailPreferencesView } from './email-preferences';
import { EMAIL_SENDS, EmailQueue } from './email-queue';
import type { EmailSendDocument } from './email-queue';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The decoded text part of a mail, whichever transfer encoding nodemailer chose. */
function bodyOf(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

/** The mail's header lines, long ones unfolded. */
const headersOf = (raw: string) => (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');

const DAY_MS = 86_400_000;

/**
 * Email notifications end to end: reminders (as the reminder reactor delivers them) and private messages reach a
 * real SMTP server through identity's mail port. The server can refuse the next N mails (a failing provider) or
 * one address for ever (a bounce).
 */
describe('messaging: email notifications', () => {
  let f: MessagingFixture;
  let smtp: SMTPServer;
  const received: ReceivedMail[] = [];
  let refuseNext = 0;
  const bouncing = new Set<string>();
  const previousUrl = process.env.SMTP_URL;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (bouncing.has(address.address)) return callback(new Error('550 mailbox unavailable'));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (refuseNext > 0) {
            refuseNext -= 1;
            return callback(Object.assign(new Error('451 try again later'), { responseCode: 451 }));
          }
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    f = await startMessaging();
  });
  afterAll(async () => {
    await f.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
    if (previousUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previousUrl;
  });

  const messaging = () => f.t.app.select(MessagingModule);
  const mailsTo = (address: string) => received.filter((mail) => mail.to.includes(address));
  const addressOf = (memberId: string) => `m${memberId.slice(-12)}@example.com`;
  const sends = () => f.t.db('messaging').collection<EmailSendDocument>(EMAIL_SENDS);

  /** A member with a verified address, known as such to messaging. */
  async function mailMember(name: string, modes: Partial<Record<EmailGroup, EmailMode>> = {}, language = 'en') {
    const memberId = await f.member(name);
    await bindVerifiedEmail(f.t.app, memberId, addressOf(memberId));
    const recipients = f.t.db('messaging').collection<{ _id: string; verified?: boolean }>(EMAIL_RECIPIENTS);
    await eventually(async () => expect((await recipients.findOne({ _id: memberId }))?.verified).toBe(true));
    const saved = await f.t.client
      .as(memberId)
      .request<EmailPreferencesView>('PUT', '/api/messaging/me/email-preferences', { modes, language });
    expect(saved.status).toBe(200);
    return memberId;
  }

  const reminder = (recipientId: string, senderId: string, types: number[], at = new Date()): EventEnvelope => {
    const sourceEventId = newId(at.getTime());
    return f.envelope(deliveryStream(sourceEventId), 'RemindersDelivered', {
      sourceEventId,
      sourceType: 'CommentPosted',
      senderId,
      topicId: newId(),
      topicTitle: `Topic ${sourceEventId.slice(-4)}`,
      commentId: null,
      replyId: null,
      summary: 'Nice point about caching',
      occurredAt: at.toISOString(),
      recipients: [{ memberId: recipientId, types }],
    });
  };

  const settled = () => f.caughtUp(EMAIL_REACTOR, ['messaging.reminderDelivery', 'messaging.conversation']);

  it('sends one email per reminder to a member who chose "immediately", with one-click unsubscribe headers', async () => {
    const sender = await f.member('sender');
    const reader = await mailMember('instant', { replies: 'immediately' });
    const first = reminder(reader, sender, [20]);
    await f.republishAll('messaging', [first, reminder(reader, sender, [40]), reminder(reader, sender, [55, 20])]);
    await eventually(() => expect(mailsTo(addressOf(reader))).toHaveLength(3));
    const [mail] = mailsTo(addressOf(reader));
    expect(headersOf(mail!.raw)).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/messaging\/email\/unsubscribe\?token=/m,
    );
    expect(headersOf(mail!.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(headersOf(mail!.raw)).toMatch(/^Subject: \[Forum\] sender\w* replied to you/m);
    // A redelivered reminder is not mailed again.
    await f.republish('messaging', first);
    await settled();
    await messaging().get(EmailQueue).sweep(new Date());
    expect(mailsTo(addressOf(reader))).toHaveLength(3);
  });

  it("gathers 1,000 reminders of one day into ONE digest, written in the member's language", async () => {
    const sender = await f.member('busy');
    const reader = await mailMember('digest', { replies: 'daily', mentions: 'daily' }, 'zh');
    const envelopes = Array.from({ length: 1000 }, (_, index) => reminder(reader, sender, index % 4 ? [20] : [210]));
    for (let index = 0; index < envelopes.length; index += 250) {
      await f.republishAll('messaging', envelopes.slice(index, index + 250));
    }
    await settled();
    await eventually(async () =>
      expect(await sends().countDocuments({ memberId: reader, state: 'digested' })).toBe(1000),
    );
    expect(mailsTo(addressOf(reader))).toHaveLength(0);
    const digests = messaging().get(EmailDigests);
    // The day is not over yet: nothing goes out. The next day, two replicas run the job at once: one email.
    await digests.run(new Date());
    expect(mailsTo(addressOf(reader))).toHaveLength(0);
    const tomorrow = new Date(Date.now() + DAY_MS);
    await Promise.all([digests.run(tomorrow), digests.run(tomorrow)]);
    await digests.run(new Date(tomorrow.getTime() + 3_600_000));
    const mails = mailsTo(addressOf(reader));
    expect(mails).toHaveLength(1);
    const text = bodyOf(mails[0]!.raw);
    expect(text).toContain('自上次摘要以来，你有 1000 条新通知');
    expect(text).toContain('还有 900 条');
    expect(headersOf(mails[0]!.raw)).toMatch(/^List-Unsubscribe: <http\S+token=\S+mentions-replies\.\S+>$/m);
    // The next digest starts after this one: a new reminder alone.
    await f.republish('messaging', reminder(reader, sender, [20], new Date()));
    await settled();
    await eventually(async () =>
      expect(await sends().countDocuments({ memberId: reader, state: 'digested' })).toBe(1001),
    );
    await digests.run(new Date(Date.now() + 2 * DAY_MS));
    expect(mailsTo(addressOf(reader))).toHaveLength(2);
    expect(bodyOf(mailsTo(addressOf(reader))[1]!.raw)).toContain('你有 1 条新通知');
  }, 180_000);

  it('sends nothing for a group set to never, to an unverified address, or to a cancelled or banned account', async () => {
    const sender = await f.member('quiet');
    const never = await mailMember('never', { replies: 'never' });
    const unverified = await f.member('noaddress');
    const cancelled = await mailMember('gone', { replies: 'immediately' });
    const banned = await mailMember('banned', { replies: 'immediately' });
    await f.publish(
      'identity',
      `member-${banned}`,
      'MemberDisabled',
      {
        memberId: banned,
        by: f.staffId,
        at: new Date().toISOString(),
      },
      100,
    );
    await f.publish(
      'identity',
      `member-${cancelled}`,
      'MemberCancelled',
      {
        memberId: cancelled,
        by: 'member',
        cancelledAt: new Date().toISOString(),
      },
      100,
    );
    await eventually(async () =>
      expect(
        (
          await f.t
            .db('messaging')
            .collection<{ _id: string; cancelled?: boolean }>(EMAIL_RECIPIENTS)
            .findOne({ _id: cancelled })
        )?.cancelled,
      ).toBe(true),
    );
    await eventually(async () =>
      expect(
        (
          await f.t
            .db('messaging')
            .collection<{ _id: string; disabled?: boolean }>(EMAIL_RECIPIENTS)
            .findOne({ _id: banned })
        )?.disabled,
      ).toBe(true),
    );
    await f.republishAll('messaging', [
      reminder(never, sender, [10]),
      reminder(unverified, sender, [10]),
      reminder(cancelled, sender, [10]),
      reminder(banned, sender, [10]),
    ]);
    await settled();
    await messaging().get(EmailQueue).sweep(new Date());
    await messaging()
      .get(EmailDigests)
      .run(new Date(Date.now() + DAY_MS));
    expect(mailsTo(addressOf(never))).toHaveLength(0);
    expect(mailsTo(addressOf(unverified))).toHaveLength(0);
    expect(mailsTo(addressOf(cancelled))).toHaveLength(0);
    expect(mailsTo(addressOf(banned))).toHaveLength(0);
    expect(await sends().countDocuments({ memberId: { $in: [never, unverified, cancelled, banned] } as never })).toBe(
      0,
    );
  });

  it('emails a private message at once, and an unsubscribe link turns its group to never; a tampered one changes nothing', async () => {
    const sender = await f.member('writer');
    const reader = await mailMember('pm', { privateMessages: 'immediately' });
    expect(
      (await f.t.client.as(sender).post('/api/messaging/messages', { toMemberId: reader, content: 'Lunch at noon?' }))
        .status,
    ).toBe(201);
    await eventually(() => expect(mailsTo(addressOf(reader))).toHaveLength(1));
    const text = bodyOf(mailsTo(addressOf(reader))[0]!.raw);
    expect(text).toContain('Lunch at noon?');
    const link = /Unsubscribe from these emails in one click: (\S+)/.exec(text)![1]!;
    const path = link.replace('http://localhost:3000', '');
    const anonymous = f.t.client.anonymous();
    // A mail client's one-click post carries no session and no CSRF token.
    const mailClient = anonymous.withoutCsrf().asForm();

    const tampered = path.replace(
      /token=([^&]+)/,
      (_, token: string) => `token=${token.replace('privateMessages', 'replies')}`,
    );
    const refused = await anonymous.get<string>(tampered);
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain('Invalid link');
    const forged = await mailClient.post(`${path.slice(0, -2)}xx`, { 'List-Unsubscribe': 'One-Click' });
    expect(forged.status).toBe(400);
    expect(
      (await f.t.client.as(reader).get<EmailPreferencesView>('/api/messaging/me/email-preferences')).body.modes
        .privateMessages,
    ).toBe('immediately');

    const page = await anonymous.get<string>(path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('no more emails about private messages');
    const oneClick = await mailClient.post(path, { 'List-Unsubscribe': 'One-Click' });
    expect(oneClick.status).toBe(200);
    const preferences = await f.t.client.as(reader).get<EmailPreferencesView>('/api/messaging/me/email-preferences');
    expect(preferences.body.modes.privateMessages).toBe('never');
    expect(preferences.body.emailMasked).toMatch(/\*\*\*@example\.com$/);

    await f.t.client.as(sender).post('/api/messaging/messages', { toMemberId: reader, content: 'Still there?' });
    await settled();
    await messaging().get(EmailQueue).sweep(new Date());
    expect(mailsTo(addressOf(reader))).toHaveLength(1);
    await f.caughtUp(emailPreferencesProjection, ['messaging.emailPreferences']);
  });

  it('retries after the SMTP server refused, and sends the email once; a bouncing address blocks no one else', async () => {
    const sender = await f.member('retry');
    const reader = await mailMember('retried', { replies: 'immediately' });
    const bouncer = await mailMember('bounce', { replies: 'immediately' });
    bouncing.add(addressOf(bouncer));
    refuseNext = 2;
    const sent = reminder(reader, sender, [10]);
    const key = `reminder|${reader}|${(sent.data as { sourceEventId: string }).sourceEventId}`;
    await f.republishAll('messaging', [sent]);
    await eventually(async () => expect((await sends().findOne({ _id: key }))?.attempts).toBe(1));
    expect(mailsTo(addressOf(reader))).toHaveLength(0);

    const queue = messaging().get(EmailQueue);
    // Before its retry time nothing is tried; later, two sweeps at once (two replicas) try it once.
    await queue.sweep(new Date());
    expect((await sends().findOne({ _id: key }))?.attempts).toBe(1);
    await Promise.all([queue.sweep(new Date(Date.now() + 3_600_000)), queue.sweep(new Date(Date.now() + 3_600_000))]);
    expect((await sends().findOne({ _id: key }))?.attempts).toBe(2);
    await f.republishAll('messaging', [reminder(bouncer, sender, [10])]);
    await queue.sweep(new Date(Date.now() + 7_200_000));
    await eventually(() => expect(mailsTo(addressOf(reader))).toHaveLength(1));
    expect((await sends().findOne({ _id: key }))?.state).toBe('sent');
    await queue.sweep(new Date(Date.now() + 10_800_000));
    await f.republish('messaging', sent);
    await settled();
    expect(mailsTo(addressOf(reader))).toHaveLength(1);
    expect(mailsTo(addressOf(bouncer))).toHaveLength(0);
  });
});
