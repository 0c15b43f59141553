import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { FollowList } from '@/features/social/components/follow-list';
import { useAppState } from '@/stores/app-state';
import { ControlScreen } from './control-screen';

/** `/user/control/followerList?page=`: the members who follow me. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const memberId = useAppState((state) => state.systemUser?.id ?? null);
  return (
    <ControlScreen title={t('control.followerList')}>
      {memberId ? (
        <FollowList memberId={memberId} direction="followers" page={pageFrom(searchParams.get('page'))} />
      ) : null}
    </ControlScreen>
  );
}
