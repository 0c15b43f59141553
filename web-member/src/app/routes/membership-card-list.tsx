import '@/features/membership/membership.css';
import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { Pagination, pageFrom } from '@/components/ui/pagination';
import { useMembershipCards, type MembershipCard } from '@/features/membership/api/membership';
import { useDurationText, usePriceText } from '@/features/membership/components/price';

export const cardHref = (cardId: string) => `/membershipCard?cardId=${encodeURIComponent(cardId)}`;

/** One card on sale: name, what it gives, the lowest price with its duration, and the way to buy it. */
function CardTile({ card }: { card: MembershipCard }) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const durationText = useDurationText();
  const cheapest = [...card.specifications].sort((a, b) => a.price - b.price || a.points - b.points)[0];
  const inStock = card.specifications.some((spec) => spec.stock > 0);
  return (
    <li className="membership-card">
      <h2 className="membership-card__name">
        <Link to={cardHref(card.cardId)}>{card.name}</Link>
      </h2>
      {card.subtitle ? <p className="membership-card__subtitle">{card.subtitle}</p> : null}
      {card.descriptionTags.length ? (
        <ul className="membership-card__tags" aria-label={t('membership.tags')}>
          {card.descriptionTags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {cheapest ? (
        <p className="membership-card__price">
          <strong>{t('membership.from', { price: priceText(cheapest) })}</strong>{' '}
          <span className="membership-card__duration">{durationText(cheapest.duration, cheapest.unit)}</span>
        </p>
      ) : null}
      {inStock ? (
        <Link
          className="button button--primary membership-card__buy"
          to={cardHref(card.cardId)}
          aria-label={t('membership.buyCard', { card: card.name })}
        >
          {t('membership.buy')}
        </Link>
      ) : (
        <p className="membership-card__buy muted">{t('membership.soldOut')}</p>
      )}
    </li>
  );
}

/** `/membershipCardList`: the cards on sale. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const cards = useMembershipCards(page);
  return (
    <section className="membership-cards" aria-labelledby="membership-cards-title">
      <h1 id="membership-cards-title" className="page-title">
        {t('screens.membershipCardList')}
      </h1>
      {cards.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {cards.isError ? (
        <div className="inline-error" role="alert">
          <p>{t('membership.loadError')}</p>
          <button type="button" className="button" onClick={() => void cards.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {cards.data && !cards.data.items.length ? <p className="muted">{t('membership.none')}</p> : null}
      {cards.data?.items.length ? (
        <>
          <ul className="membership-card-list">
            {cards.data.items.map((card) => (
              <CardTile key={card.cardId} card={card} />
            ))}
          </ul>
          <Pagination page={page} totalPages={cards.data.totalPages} />
        </>
      ) : null}
    </section>
  );
}
