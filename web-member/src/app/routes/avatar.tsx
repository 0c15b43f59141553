import { useTranslation } from '@/lib/translator';
import { useMe } from '@/features/account/api/get-me';
import { AvatarEditor } from '@/features/profile/components/avatar-editor';
import { appState, setSystemUser } from '@/stores/app-state';
import { ControlScreen } from './control-screen';

/** `/user/control/avatar`: choose a picture, keep a square of it, upload. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const uploaded = (avatarUrl: string) => {
    const user = appState.get().systemUser;
    if (user) setSystemUser({ ...user, avatarUrl });
  };
  return (
    <ControlScreen title={t('control.avatar')}>
      <AvatarEditor currentUrl={me.data?.avatarUrl ?? null} onUploaded={uploaded} />
    </ControlScreen>
  );
}
