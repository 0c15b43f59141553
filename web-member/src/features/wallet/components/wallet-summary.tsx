import '../wallet.css';
import { useTranslation } from '@/lib/translator';
import { useMyWallet } from '../api/wallet';
import { formatFen } from '@contracts/wallet/money';

/** Available and frozen balance and points, as the ledger read model has them now. */
export function WalletSummary() {
  const { t } = useTranslation();
  const wallet = useMyWallet();
  if (wallet.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (wallet.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('wallet.summary.loadError')}</p>
        <button type="button" className="button" onClick={() => void wallet.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const figures = [
    [t('wallet.summary.available'), formatFen(wallet.data.available)],
    [t('wallet.summary.frozen'), formatFen(wallet.data.frozen)],
    [t('wallet.summary.points'), String(wallet.data.points)],
  ];
  return (
    <dl className="wallet-summary" aria-label={t('wallet.summary.label')}>
      {figures.map(([label, value]) => (
        <div key={label} className="wallet-summary__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
