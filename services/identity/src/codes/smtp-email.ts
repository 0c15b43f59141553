import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { EmailSender, OutgoingEmail } from './delivery';

/** Email codes through any SMTP server (`SMTP_URL=smtp://user:pass@host:587`, `smtps://` for implicit TLS). */
export class SmtpEmailSender implements EmailSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      headers: message.headers,
    });
  }

  close(): void {
    this.transport.close();
  }
}
