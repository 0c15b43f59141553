import type { CodePurpose } from './delivery';

const PURPOSE = {
  zh: { register: '注册', login: '登录', recover: '找回密码', bindPhone: '绑定手机', verifyOldPhone: '更换手机' },
  en: {
    register: 'registration',
    login: 'login',
    recover: 'password recovery',
    bindPhone: 'phone binding',
    verifyOldPhone: 'phone change',
  },
} as const;

/** The text of a code message in the site's default language; the site title signs it, as SMS rules require. */
export function codeMessage(
  language: 'zh_CN' | 'en_US',
  siteTitle: string,
  purpose: CodePurpose,
  code: string,
  validMinutes: number,
): { subject: string; text: string } {
  if (language === 'zh_CN') {
    return {
      subject: `【${siteTitle}】${PURPOSE.zh[purpose]}验证码`,
      text: `【${siteTitle}】您的${PURPOSE.zh[purpose]}验证码是 ${code}，${validMinutes} 分钟内有效。如非本人操作，请忽略。`,
    };
  }
  return {
    subject: `[${siteTitle}] Your ${PURPOSE.en[purpose]} code`,
    text: `[${siteTitle}] Your ${PURPOSE.en[purpose]} code is ${code}, valid for ${validMinutes} minutes. If you did not ask for it, ignore this message.`,
  };
}
