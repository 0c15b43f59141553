import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { formProblemsOf } from '@/lib/form-problems';
import { encodeLocation } from '@/lib/route-codec';
import { unlockTopic } from '../api/topic';
import type { HiddenBlockView, UnlockResult } from '../api/types';

/**
 * A hidden block this reader has not unlocked: what opens it, and for a password block the password with a
 * confirmation step. A successful unlock hands the opened blocks' HTML up so they appear without reloading.
 */
export function LockedBlock({
  topicId,
  block,
  loggedIn,
  onUnlocked,
}: {
  topicId: string;
  block: HiddenBlockView;
  loggedIn: boolean;
  onUnlocked: (result: UnlockResult) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const type = String(block.type);
  const prompt = t(`forum.locked.${type}`, { requirement: block.requirement ?? '' });
  const loginHref = `/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`;
  return (
    <div
      className={`locked-block locked-block--${type}`}
      role="note"
      aria-label={t('forum.hiddenIcon', { type: t(`forum.hideType.${type}`) })}
    >
      <p className="locked-block__prompt">
        <span aria-hidden="true">🔒 </span>
        {prompt}
      </p>
      {block.type === 10 && loggedIn ? <PasswordUnlock topicId={topicId} onUnlocked={onUnlocked} /> : null}
      {(block.type === 10 || block.type === 20) && !loggedIn ? (
        <p>
          <Link to={loginHref}>{t('forum.locked.loginFirst')}</Link>
        </p>
      ) : null}
    </div>
  );
}

function PasswordUnlock({ topicId, onUnlocked }: { topicId: string; onUnlocked: (result: UnlockResult) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setError(t('forum.passwordRequired'));
      return;
    }
    setError(null);
    setConfirming(true);
  };
  const unlock = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await unlockTopic(topicId, password);
      toast.success(t('forum.unlocked'));
      onUnlocked(result);
    } catch (failure) {
      const problems = formProblemsOf(failure, ['password'], t);
      setError(problems.fields.password ?? problems.form ?? t('common.submitError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="locked-block__form" onSubmit={ask} noValidate>
      <label htmlFor={id}>{t('forum.password')}</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setConfirming(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {confirming ? (
        <span className="confirm" role="group" aria-label={t('forum.confirmUnlock')}>
          <span className="confirm__question">{t('forum.confirmUnlock')}</span>
          <button type="button" className="button button--small button--primary" onClick={() => void unlock()}>
            {t('common.ok')}
          </button>
          <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
            {t('forum.cancel')}
          </button>
        </span>
      ) : (
        <button type="submit" className="button button--small" disabled={busy}>
          {t('forum.unlock')}
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
