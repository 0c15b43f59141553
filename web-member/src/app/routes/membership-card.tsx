import { useId, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation, useSearchParams } from '@/lib/router';
import {
  useMembershipCard,
  usePurchase,
  type MembershipOrder,
  type MembershipSpec,
} from '@/features/membership/api/membership';
import { useDurationText, usePriceText } from '@/features/membership/components/price';
import { formatFen } from '@contracts/wallet/money';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format-time';
import { encodeLocation } from '@/lib/route-codec';
import { useAppState } from '@/stores/app-state';

const ORDERS_PATH = '/user/control/membershipCardOrderList';

/** What the member sees after buying: the order and until when the role now lasts. */
function PurchaseResult({ order }: { order: MembershipOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="membership-result" role="status">
      <p>{t('membership.bought', { card: order.cardName, spec: order.specName, number: order.orderNumber })}</p>
      {order.roleGranted ? (
        <p>
          {order.validUntil
            ? t('membership.validUntil', {
                role: order.roleName,
                time: formatDateTime(order.validUntil, i18n.language),
              })
            : t('membership.validForever', { role: order.roleName })}
        </p>
      ) : (
        <p>{t('membership.grantPending', { role: order.roleName })}</p>
      )}
      <Link className="button" to={ORDERS_PATH}>
        {t('membership.toOrders')}
      </Link>
    </div>
  );
}

function SpecChoice({
  specs,
  chosen,
  onChoose,
}: {
  specs: MembershipSpec[];
  chosen: string | null;
  onChoose: (specId: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const priceText = usePriceText();
  const durationText = useDurationText();
  return (
    <fieldset className="field membership-specs">
      <legend className="field__label">{t('membership.chooseSpec')}</legend>
      {specs.map((spec) => (
        <label key={spec.specId} className="choice membership-spec">
          <input
            type="radio"
            name={`${id}-spec`}
            value={spec.specId}
            checked={chosen === spec.specId}
            disabled={spec.stock < 1}
            onChange={() => onChoose(spec.specId)}
          />
          <span className="membership-spec__name">{spec.name}</span>{' '}
          <span className="membership-spec__duration">{durationText(spec.duration, spec.unit)}</span>{' '}
          <strong className="membership-spec__price">{priceText(spec)}</strong>{' '}
          {spec.marketPrice ? <s className="muted">{formatFen(spec.marketPrice)}</s> : null}{' '}
          <span className="muted">
            {spec.stock > 0 ? t('membership.stock', { count: spec.stock }) : t('membership.soldOut')}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** `/membershipCard?cardId=`: a card, its specifications, and buying one (with a confirmation step). */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const cardId = searchParams.get('cardId') ?? '';
  const card = useMembershipCard(cardId);
  const loggedIn = useAppState((state) => state.systemUser !== null);
  const purchase = usePurchase();
  const priceText = usePriceText();
  const durationText = useDurationText();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ key: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const title = (
    <h1 id="membership-card-title" className="page-title">
      {card.data?.name ?? t('screens.membershipCard')}
    </h1>
  );
  if (!cardId || card.isError) {
    return (
      <section aria-labelledby="membership-card-title">
        {title}
        <p role="alert">{t('membership.notFound')}</p>
        <Link to="/membershipCardList">{t('membership.backToList')}</Link>
      </section>
    );
  }
  if (card.isPending) return <p className="muted">{t('common.loading')}</p>;
  const specs = card.data.specifications;
  const spec = specs.find((candidate) => candidate.specId === chosen) ?? null;
  const loginHref = `/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`;

  const buy = () => {
    if (!spec || !confirming) return;
    setFailure(null);
    purchase.mutate(
      { cardId, specId: spec.specId, idempotencyKey: confirming.key },
      {
        onSuccess: () => setConfirming(null),
        onError: (error) => {
          setConfirming(null);
          setFailure(error instanceof ApiError && error.code ? error.message : t('membership.failed'));
        },
      },
    );
  };

  return (
    <section className="membership-detail" aria-labelledby="membership-card-title">
      {title}
      {card.data.subtitle ? <p className="membership-card__subtitle">{card.data.subtitle}</p> : null}
      <p>{t('membership.grants', { role: card.data.roleName })}</p>
      {card.data.descriptionTags.length ? (
        <ul className="membership-card__tags" aria-label={t('membership.tags')}>
          {card.data.descriptionTags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {card.data.introduction ? <p className="membership-card__introduction">{card.data.introduction}</p> : null}
      {purchase.data ? (
        <PurchaseResult order={purchase.data} />
      ) : (
        <>
          <SpecChoice
            specs={specs}
            chosen={chosen}
            onChoose={(specId) => {
              setChosen(specId);
              setConfirming(null);
              setFailure(null);
            }}
          />
          {!loggedIn ? (
            <p>
              <Link to={loginHref}>{t('membership.loginToBuy')}</Link>
            </p>
          ) : confirming && spec ? (
            <div className="membership-confirm" role="group" aria-label={t('membership.confirmTitle')}>
              <p>
                {t('membership.confirm', {
                  card: card.data.name,
                  spec: spec.name,
                  duration: durationText(spec.duration, spec.unit),
                  price: priceText(spec),
                })}
              </p>
              <button type="button" className="button button--primary" disabled={purchase.isPending} onClick={buy}>
                {t('membership.confirmBuy')}
              </button>{' '}
              <button
                type="button"
                className="button"
                disabled={purchase.isPending}
                onClick={() => setConfirming(null)}
              >
                {t('membership.cancel')}
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={!spec}
              onClick={() => setConfirming({ key: crypto.randomUUID() })}
            >
              {t('membership.buy')}
            </button>
          )}
          {failure ? (
            <p className="form-error" role="alert">
              {failure}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
