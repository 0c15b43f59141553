import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { Link, useNavigate } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { useMe } from '@/features/account/api/get-me';
import { endMemberSession } from '@/features/account/utils/session';
import { CancelAccount } from '@/features/profile/components/cancel-account';
import { PasswordForm } from '@/features/profile/components/password-form';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { appState, setSystemUser } from '@/stores/app-state';
import { ControlScreen } from './control-screen';

/** `/user/control/editUser`: profile, password, avatar link and account cancellation. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const renamed = (nickname: string) => {
    const user = appState.get().systemUser;
    if (user) setSystemUser({ ...user, nickname });
  };
  const cancelled = () => {
    toast.success(t('cancelAccount.done'));
    // Leave this screen first: ended here, its member queries would be fetched again without a session and the
    // failed refresh would send the member to /login.
    void Promise.resolve(navigate('/', { replace: true })).finally(() => endMemberSession(queryClient));
  };

  return (
    <ControlScreen title={t('control.editUser')}>
      {me.isPending ? (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : me.isError ? (
        <div className="inline-error" role="alert">
          <p>{t('profile.loadError')}</p>
          <button type="button" className="button" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <div className="stack">
          <p className="muted">{t('profile.accountName', { account: me.data.account })}</p>
          <p>
            <Link to="/user/control/avatar">{t('control.avatar')}</Link>
          </p>
          <ProfileForm key={me.data.id} profile={me.data} onSaved={renamed} />
          <PasswordForm />
          <CancelAccount onCancelled={cancelled} />
        </div>
      )}
    </ControlScreen>
  );
}
