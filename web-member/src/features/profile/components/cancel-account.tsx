import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import { formProblemsOf } from '@/lib/form-problems';
import { useCancelAccount } from '../api/profile';

/**
 * Cancelling the account: irreversible (the content stays, shown as "this user account has been cancelled"), so a
 * modal dialog asks for the password and an explicit confirmation first.
 */
export function CancelAccount({ onCancelled }: { onCancelled: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <section className="danger-zone" aria-labelledby="cancel-account-title">
      <h2 id="cancel-account-title" className="section-title">
        {t('cancelAccount.title')}
      </h2>
      <p>{t('cancelAccount.explain')}</p>
      <button ref={opener} type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('cancelAccount.open')}
      </button>
      {open ? (
        <CancelDialog
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onCancelled={onCancelled}
        />
      ) : null}
    </section>
  );
}

function CancelDialog({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const cancel = useCancelAccount();
  const titleId = useId();
  const confirmId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cancel.isPending) return;
    setFormError(null);
    if (password === '') {
      setError(t('validation.passwordRequired'));
      return;
    }
    setError(null);
    cancel.mutate(
      { password },
      {
        onSuccess: () => onCancelled(),
        onError: (failure) => {
          const problems = formProblemsOf(failure, ['password'], t, {
            'identity.password_incorrect': 'password',
            'identity.login_failed': 'password',
          });
          setError(problems.fields.password ?? null);
          setFormError(problems.closed ?? problems.form);
        },
      },
    );
  };

  return (
    <div className="modal-backdrop">
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          {t('cancelAccount.confirmTitle')}
        </h2>
        <form noValidate onSubmit={submit}>
          <p>{t('cancelAccount.warning')}</p>
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <TextField
            label={t('account.fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValueChange={setPassword}
            error={error}
          />
          <div className="field field--check">
            <div className="field__check">
              <input
                id={confirmId}
                type="checkbox"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
              <label htmlFor={confirmId}>{t('cancelAccount.understand')}</label>
            </div>
          </div>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('cancelAccount.keep')}
            </button>
            <button type="submit" className="button button--danger" disabled={!confirmed || cancel.isPending}>
              {t('cancelAccount.submit')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
