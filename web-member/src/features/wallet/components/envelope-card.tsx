import '../wallet.css';
import { useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation } from '@/lib/router';
import { ApiError } from '@/lib/api/api-error';
import { encodeLocation } from '@/lib/route-codec';
import { useClaimEnvelope, useEnvelope } from '../api/envelopes';
import type { EnvelopeView } from '../api/types';
import { formatFen } from '@contracts/wallet/money';
import { MemberName } from './member-name';
import { NAME_SLOT, WithMemberName } from '@/components/member/author-name';

export const distributionHref = (envelopeId: string) =>
  `/user/control/redEnvelopeAmountDistributionList?envelopeId=${encodeURIComponent(envelopeId)}`;

/** The red envelope of a topic: who sent it, how much is claimed, and opening it (docs/rules/wallet.md, red envelopes). */
export function EnvelopeCard({ envelopeId, memberId }: { envelopeId: string; memberId: string | null }) {
  const { t } = useTranslation();
  const envelope = useEnvelope(envelopeId);
  if (envelope.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (envelope.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('wallet.card.loadError')}</p>
        <button type="button" className="button" onClick={() => void envelope.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const data = envelope.data;
  return (
    <section className="envelope-card" aria-label={t('wallet.card.label')}>
      <p className="envelope-card__from">
        <WithMemberName text={t('wallet.card.from', { name: NAME_SLOT })} name={<MemberName member={data.sender} />} />
      </p>
      <p className="envelope-card__summary">
        {t('wallet.card.summary', {
          type: t(`wallet.envelopeType.${data.type}`),
          received: data.receivedQuantity,
          quantity: data.giveQuantity,
          total: formatFen(data.totalAmount),
        })}
      </p>
      <EnvelopeState envelope={data} memberId={memberId} />
      {memberId ? (
        <p>
          <Link to={distributionHref(envelopeId)}>{t('wallet.card.distribution')}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** What this reader can do with the envelope: see their share, be told why not, or open it. */
function EnvelopeState({ envelope, memberId }: { envelope: EnvelopeView; memberId: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const claim = useClaimEnvelope(envelope.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notice = (text: string) => (
    <p className="envelope-card__state" role="status">
      {text}
    </p>
  );

  if (envelope.claimedByMe)
    return notice(t('wallet.card.received', { amount: formatFen(envelope.claimedByMe.amount) }));
  if (memberId && envelope.sender.id === memberId) return notice(t('wallet.card.mine'));
  if (envelope.status === 'refunded')
    return notice(t('wallet.card.refunded', { amount: formatFen(envelope.refundAmount) }));
  if (envelope.status === 'snatched') return notice(t('common.redEnvelopeSnatched'));
  if (refusal) return notice(refusal);
  if (!memberId) {
    return (
      <p>
        <Link to={`/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`}>
          {t('wallet.card.loginToOpen')}
        </Link>
      </p>
    );
  }
  if (envelope.type === 10 && envelope.recipientId !== memberId) return notice(t('wallet.card.notForYou'));

  const open = () =>
    claim.mutate(undefined, {
      onError: (failure) =>
        setRefusal(
          failure instanceof ApiError && failure.code === 'wallet.envelope_snatched'
            ? t('common.redEnvelopeSnatched')
            : failure instanceof ApiError && failure.kind === 'http' && failure.message
              ? failure.message
              : t('common.submitError'),
        ),
    });
  return (
    <button
      type="button"
      className="button button--primary envelope-card__open"
      onClick={open}
      disabled={claim.isPending}
    >
      {claim.isPending ? t('wallet.card.opening') : t('wallet.card.open')}
    </button>
  );
}
