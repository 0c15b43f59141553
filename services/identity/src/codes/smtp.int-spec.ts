import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { ErrorBody } from '@forum/contracts';
import { startTestApp, TestApp, TestClient } from '@forum/testing';
import { IdentityModule } from '../identity.module';
import type { IssuedTokens } from '../sessions/session-issuer';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The text part of a simple mail, whichever transfer encoding nodemailer chose for it. */
function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

describe('email codes through a real SMTP server', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: ReceivedMail[] = [];
  const previousUrl = process.env.SMTP_URL;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    // The adapter is chosen from the environment when the module starts, as in production.
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    t = await startTestApp([IdentityModule]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
    if (previousUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previousUrl;
  });

  async function captcha(c: TestClient) {
    const issued = await c.get<{ captchaKey: string }>('/api/identity/captcha');
    const stored = await t
      .db('identity')
      .collection('captchas')
      .findOne({ _id: issued.body.captchaKey as never });
    return { captchaKey: issued.body.captchaKey, captcha: String(stored?.text) };
  }

  it('mails the registration code, which registers the address; the outbox stays empty', async () => {
    const c = t.client.anonymous().from('10.2.0.1');
    const sent = await c.post('/api/identity/codes', {
      channel: 'email',
      purpose: 'register',
      target: 'Mailer@Example.org',
      ...(await captcha(c)),
    });
    expect([sent.status, sent.body]).toEqual([200, { resendAfterSeconds: 60, validSeconds: 600 }]);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['mailer@example.org']);
    const emailCode = /\b(\d{6})\b/.exec(bodyText(mail.raw))?.[1];
    expect(emailCode).toMatch(/^\d{6}$/);
    expect(await t.db('identity').collection('outbox_messages').countDocuments()).toBe(0);

    const registered = await c.post<IssuedTokens & ErrorBody>('/api/identity/register', {
      method: 'email',
      email: 'mailer@example.org',
      emailCode,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(c)),
    });
    expect(registered.status).toBe(201);
    expect(registered.body.systemUser.account).toMatch(/^u\d{10}$/);
  });
});
