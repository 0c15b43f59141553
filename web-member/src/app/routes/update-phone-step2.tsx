import { useTranslation } from '@/lib/translator';
import { useLocation } from '@/lib/router';
import { BindNewPhone } from '@/features/account/components/phone-forms';
import { ControlScreen } from './control-screen';

/** `/user/control/updatePhoneBinding/step2`: the new number with its code (token of step 1 in the route state). */
export function Component() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state: { changeToken?: unknown } | null };
  return (
    <ControlScreen title={t('control.updatePhoneBindingStep2')}>
      <BindNewPhone changeToken={typeof state?.changeToken === 'string' ? state.changeToken : null} />
    </ControlScreen>
  );
}
