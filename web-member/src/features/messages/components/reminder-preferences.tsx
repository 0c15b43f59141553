import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import { useReminderPreferences, useSetReminderPreferences, type ReminderPreferences } from '../api/messages';

/** Which reminder types I receive: a checkbox per type, saved as the set of unticked ones. */
export function ReminderPreferencesForm() {
  const preferences = useReminderPreferences();
  if (!preferences.data) return null;
  return <PreferencesForm key={JSON.stringify(preferences.data)} initial={preferences.data} />;
}

function PreferencesForm({ initial }: { initial: ReminderPreferences }) {
  const { t } = useTranslation();
  const save = useSetReminderPreferences();
  const [disabled, setDisabled] = useState(
    () => new Set(initial.types.filter((entry) => !entry.enabled).map((entry) => entry.type)),
  );
  const toggle = (type: number, enabled: boolean) =>
    setDisabled((current) => {
      const next = new Set(current);
      if (enabled) next.delete(type);
      else next.add(type);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      [...disabled].sort((a, b) => a - b),
      {
        onSuccess: () => toast.success(t('messages.reminders.preferences.saved')),
      },
    );
  };
  return (
    <details className="reminder-preferences">
      <summary>{t('messages.reminders.preferences.title')}</summary>
      <form onSubmit={submit}>
        <p className="muted">{t('messages.reminders.preferences.hint')}</p>
        <fieldset>
          <legend className="visually-hidden">{t('messages.reminders.preferences.title')}</legend>
          {initial.types.map(({ type, generated }) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={!disabled.has(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              {t(`messages.reminders.preferences.type.${type}`, { defaultValue: String(type) })}
              {generated ? null : <span className="muted"> {t('messages.reminders.preferences.notYet')}</span>}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('messages.reminders.preferences.save')}
        </button>
      </form>
    </details>
  );
}
