import { useDataProvider, useTranslate } from 'react-admin';
import { fenToYuan } from '@contracts/wallet/money';
import { HeldContentQueue } from '../HeldContentQueue';
import type { QaDataProvider, QaReviewItem } from './qa-api';

const hasBounty = (item: QaReviewItem) => item.bountyAmount + item.bountyPoints > 0;

/** Held questions, answers or answer replies (one kind at a time), oldest first. */
export function QaReviewQueue() {
  const translate = useTranslate();
  const provider = useDataProvider<QaDataProvider>();
  return (
    <HeldContentQueue<QaReviewItem>
      messages="qa.review"
      kinds={['question', 'answer', 'answerReply']}
      approve={(item) => provider.approveQaContent(item.kind, item.id)}
      reject={(item, reason) => provider.rejectQaContent(item.kind, item.id, reason)}
      details={(item) =>
        hasBounty(item) && (
          <small>
            {translate('qa.review.bounty', { amount: fenToYuan(item.bountyAmount), points: item.bountyPoints })}
          </small>
        )
      }
      rejectNote={(item) => hasBounty(item) && <p>{translate('qa.review.reject_bounty')}</p>}
    />
  );
}
