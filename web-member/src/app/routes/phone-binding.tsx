import { useTranslation } from '@/lib/translator';
import { PhoneBinding } from '@/features/account/components/phone-forms';
import { ControlScreen } from './control-screen';

/** `/user/control/phoneBinding`: binding a first phone = real-name authentication. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ControlScreen title={t('control.phoneBinding')}>
      <PhoneBinding />
    </ControlScreen>
  );
}
