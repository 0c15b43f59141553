import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { AliyunSmsSender } from './aliyun-sms';
import { deliveryConfig, EMAIL_SENDER, SMS_SENDER } from './delivery';
import type { EmailSender, SmsSender } from './delivery';
import { Outbox } from './outbox';
import { SmtpEmailSender } from './smtp-email';

/** Chooses the adapters from the environment: `SMS_PROVIDER=outbox|aliyun`, `SMTP_URL` (outbox when unset). */
export const deliveryProviders: Provider[] = [
  Outbox,
  {
    provide: SMS_SENDER,
    inject: [Outbox],
    useFactory: (outbox: Outbox): SmsSender => {
      const config = deliveryConfig();
      if (config.SMS_PROVIDER === 'outbox') return outbox;
      return new AliyunSmsSender({
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
        signName: config.ALIYUN_SMS_SIGN_NAME!,
        templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
        endpoint: config.ALIYUN_SMS_ENDPOINT,
      });
    },
  },
  {
    provide: EMAIL_SENDER,
    inject: [Outbox],
    useFactory: (outbox: Outbox): EmailSender & Partial<OnApplicationShutdown> => {
      const config = deliveryConfig();
      if (!config.SMTP_URL) return outbox;
      const smtp = new SmtpEmailSender(config.SMTP_URL, config.SMTP_FROM);
      return Object.assign(smtp, { onApplicationShutdown: () => smtp.close() });
    },
  },
];
