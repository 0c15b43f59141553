import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import {
  EMAIL_GROUPS,
  EMAIL_MODES,
  useEmailPreferences,
  useSetEmailPreferences,
  type EmailPreferences,
} from '../api/messages';

/** Which news reaches me by email, and how: never, immediately, or in the daily digest; and in which language. */
export function EmailPreferencesForm() {
  const preferences = useEmailPreferences();
  if (!preferences.data) return null;
  return <EmailForm key={JSON.stringify(preferences.data)} initial={preferences.data} />;
}

function EmailForm({ initial }: { initial: EmailPreferences }) {
  const { t } = useTranslation();
  const save = useSetEmailPreferences();
  const [modes, setModes] = useState(initial.modes);
  const [language, setLanguage] = useState(initial.language);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ modes, language }, { onSuccess: () => toast.success(t('messages.email.saved')) });
  };
  return (
    <details className="reminder-preferences">
      <summary>{t('messages.email.title')}</summary>
      <form onSubmit={submit}>
        <p className="muted">{t('messages.email.hint')}</p>
        <p role="note">
          {initial.emailMasked
            ? t('messages.email.sendsTo', { address: initial.emailMasked })
            : t('messages.email.noAddress')}
        </p>
        {EMAIL_GROUPS.map((group) => (
          <p key={group}>
            <label>
              {t(`messages.email.group.${group}`)}{' '}
              <select
                value={modes[group]}
                onChange={(event) =>
                  setModes({ ...modes, [group]: event.target.value as (typeof EMAIL_MODES)[number] })
                }
              >
                {EMAIL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`messages.email.mode.${mode}`)}
                  </option>
                ))}
              </select>
            </label>
          </p>
        ))}
        <p>
          <label>
            {t('messages.email.language')}{' '}
            <select
              value={language ?? ''}
              onChange={(event) => setLanguage(event.target.value === '' ? null : (event.target.value as 'zh' | 'en'))}
            >
              <option value="">{t('messages.email.languageDefault')}</option>
              <option value="zh">{t('messages.email.languageZh')}</option>
              <option value="en">{t('messages.email.languageEn')}</option>
            </select>
          </label>
        </p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('messages.email.save')}
        </button>
      </form>
    </details>
  );
}
