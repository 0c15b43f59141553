import { useTranslation } from '@/lib/translator';
import { formatFen } from '@contracts/wallet/money';
import type { QuestionRow } from '../api/types';

/** The question's bounty as it stands in the wallet (else as offered): cash in yuan, points, and its state. */
export function BountyBadges({
  question,
}: {
  question: Pick<QuestionRow, 'rewardAmount' | 'rewardPoints' | 'bounty'>;
}) {
  const { t } = useTranslation();
  const amount = question.bounty?.amount ?? question.rewardAmount;
  const points = question.bounty?.points ?? question.rewardPoints;
  if (amount <= 0 && points <= 0) return null;
  const status = question.bounty?.status;
  return (
    <span className="bounty-badges">
      {amount > 0 ? (
        <span className="bounty-badge bounty-badge--cash">{t('qa.bounty.cash', { amount: formatFen(amount) })}</span>
      ) : null}
      {points > 0 ? (
        <span className="bounty-badge bounty-badge--points">{t('qa.bounty.points', { points })}</span>
      ) : null}
      {status === 'awarded' || status === 'refunded' ? (
        <span className="bounty-badge bounty-badge--state">{t(`qa.bounty.${status}`)}</span>
      ) : null}
    </span>
  );
}

/** Resolved (an answer was adopted) or still open. */
export function ResolvedFlag({ resolved }: { resolved: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`qa-flag${resolved ? ' qa-flag--resolved' : ''}`}>
      {resolved ? t('qa.resolved') : t('qa.unresolved')}
    </span>
  );
}
