import { useTranslation } from '@/lib/translator';
import { RealNameStatus } from '@/features/account/components/real-name-status';
import { ControlScreen } from './control-screen';

/** `/user/control/realNameAuthentication`: the bound phone (masked) and its verified status. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ControlScreen title={t('control.realNameAuthentication')}>
      <RealNameStatus />
    </ControlScreen>
  );
}
