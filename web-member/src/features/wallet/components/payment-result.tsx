import '../wallet.css';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { ApiError } from '@/lib/api/api-error';
import { usePayment } from '../api/wallet';
import { formatFen } from '@contracts/wallet/money';

/**
 * Where the provider sends the member back. The return itself proves nothing (only the provider's signed
 * notification credits), so the page asks the wallet until the intent is settled.
 */
export function PaymentResult({ intentId }: { intentId: string }) {
  const { t } = useTranslation();
  const payment = usePayment(intentId);
  if (payment.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (payment.isError) {
    const missing = payment.error instanceof ApiError && payment.error.status === 404;
    return (
      <div className="inline-error" role="alert">
        <p>{missing ? t('wallet.payment.notFound') : t('wallet.payment.loadError')}</p>
        {missing ? null : (
          <button type="button" className="button" onClick={() => void payment.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  const { status, amount } = payment.data;
  const text = {
    pending: t('wallet.payment.pending'),
    paid: t('wallet.payment.paid', { amount: formatFen(amount) }),
    failed: t('wallet.payment.failed'),
    expired: t('wallet.payment.expired'),
  }[status];
  return (
    <div className={`payment-result payment-result--${status}`}>
      <h2 className="section-title">{t('wallet.payment.heading', { amount: formatFen(amount) })}</h2>
      <p role="status" aria-busy={status === 'pending'}>
        {text}
      </p>
      <p className="row-actions">
        <Link className="button button--primary" to="/user/control/balance">
          {t('wallet.payment.toBalance')}
        </Link>
        {status === 'paid' || status === 'pending' ? null : (
          <Link className="button" to="/user/control/payment">
            {t('wallet.payment.again')}
          </Link>
        )}
      </p>
    </div>
  );
}
