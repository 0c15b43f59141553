import { useTranslation } from '@/lib/translator';
import { VerifyOldPhone } from '@/features/account/components/phone-forms';
import { ControlScreen } from './control-screen';

/** `/user/control/updatePhoneBinding/step1`: verify the old number by SMS code, then step 2 after 3 s. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ControlScreen title={t('control.updatePhoneBindingStep1')}>
      <VerifyOldPhone />
    </ControlScreen>
  );
}
