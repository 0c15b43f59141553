import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { FollowList } from '@/features/social/components/follow-list';
import { useAppState } from '@/stores/app-state';
import { ControlScreen } from './control-screen';

/** `/user/control/followList?page=`: the members I follow, each with an unfollow button. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const memberId = useAppState((state) => state.systemUser?.id ?? null);
  return (
    <ControlScreen title={t('control.followList')}>
      {memberId ? (
        <FollowList memberId={memberId} direction="following" page={pageFrom(searchParams.get('page'))} />
      ) : null}
    </ControlScreen>
  );
}
