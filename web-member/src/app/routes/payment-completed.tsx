import { useTranslation } from '@/lib/translator';
import { useParams } from '@/lib/router';
import { PaymentResult } from '@/features/wallet/components/payment-result';

/** `/paymentCompleted/:interfaceProduct/:paymentModule/:parameterId`: the result of a recharge (the id is the intent's). */
export function Component() {
  const { t } = useTranslation();
  const { parameterId = '' } = useParams();
  return (
    <section className="payment-completed" aria-labelledby="payment-completed-title">
      <h1 id="payment-completed-title" className="page-title">
        {t('screens.paymentCompleted')}
      </h1>
      <PaymentResult intentId={parameterId} />
    </section>
  );
}
