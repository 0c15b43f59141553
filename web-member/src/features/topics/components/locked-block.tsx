import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { useMyWallet, WALLET_KEY } from '@/features/wallet';
import { ApiError } from '@/lib/api/api-error';
import { formProblemsOf } from '@/lib/form-problems';
import { encodeLocation } from '@/lib/route-codec';
import { topicQueryKey, unlockTopic } from '../api/topic';
import type { HiddenBlockView, UnlockResult } from '../api/types';
import { formatUnlockPrice } from '@/lib/unlock-price';

/** Hidden types a reader buys: 40 with points, 50 with balance. */
const PAID_TYPES = new Set([40, 50]);

/**
 * A hidden block this reader has not unlocked: what opens it, for a password block the password and for a paid
 * block the price, each with a confirmation step. A successful unlock hands the opened blocks' HTML up so they
 * appear without reloading. `price` is what one purchase of a paid type costs (every block of that type opens).
 */
export function LockedBlock({
  topicId,
  block,
  price = null,
  loggedIn,
  onUnlocked,
}: {
  topicId: string;
  block: HiddenBlockView;
  price?: number | null;
  loggedIn: boolean;
  onUnlocked: (result: UnlockResult) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const type = String(block.type);
  const paid = PAID_TYPES.has(block.type) && price !== null;
  const requirement = paid ? formatUnlockPrice(block.type, price, t) : (block.requirement ?? '');
  const needPoints = block.type === 30 ? (block.needPoints ?? pointsOf(block.requirement)) : null;
  const prompt =
    needPoints === null
      ? t(`forum.locked.${type}`, { requirement })
      : requirement && requirement !== String(needPoints)
        ? t('forum.locked.gradePoints', { count: needPoints, grade: requirement })
        : t('forum.locked.points', { count: needPoints });
  const loginHref = `/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`;
  return (
    <div
      className={`locked-block locked-block--${type}`}
      role="note"
      aria-label={t('forum.hiddenIcon', { type: t(`forum.hideType.${type}`) })}
    >
      <p className="locked-block__prompt">
        <span aria-hidden="true">🔒 </span>
        {prompt}
      </p>
      {block.type === 10 && loggedIn ? <PasswordUnlock topicId={topicId} onUnlocked={onUnlocked} /> : null}
      {paid && loggedIn ? (
        <PaidUnlock topicId={topicId} type={block.type as 40 | 50} price={price} onUnlocked={onUnlocked} />
      ) : null}
      {block.type === 30 && loggedIn ? <ReaderPoints needPoints={needPoints} /> : null}
      {!loggedIn ? (
        <p>
          <Link to={loginHref}>{t(block.type === 30 ? 'forum.locked.loginForPoints' : 'forum.locked.loginFirst')}</Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Servers before `needPoints` sent only the requirement: the grade's name, or the points themselves when no grade
 * is configured at or below them.
 */
function pointsOf(requirement: string | null): number | null {
  return requirement !== null && /^\d+$/.test(requirement) ? Number(requirement) : null;
}

/** Beside a grade lock: the reader's own points, and how many are missing when the block names a number. */
function ReaderPoints({ needPoints }: { needPoints: number | null }) {
  const { t } = useTranslation();
  const wallet = useMyWallet();
  if (!wallet.data) return null;
  const { points } = wallet.data;
  const missing = needPoints === null ? 0 : needPoints - points;
  return (
    <p className="locked-block__points">
      {missing > 0
        ? t('forum.locked.pointsToGo', { points, count: missing })
        : t('forum.locked.yourPoints', { count: points })}
    </p>
  );
}

function PasswordUnlock({ topicId, onUnlocked }: { topicId: string; onUnlocked: (result: UnlockResult) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setError(t('forum.passwordRequired'));
      return;
    }
    setError(null);
    setConfirming(true);
  };
  const unlock = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await unlockTopic(topicId, { type: 10, password });
      toast.success(t('forum.unlocked'));
      onUnlocked(result);
    } catch (failure) {
      const problems = formProblemsOf(failure, ['password'], t);
      setError(problems.fields.password ?? problems.form ?? t('common.submitError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="locked-block__form" onSubmit={ask} noValidate>
      <label htmlFor={id}>{t('forum.password')}</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setConfirming(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {confirming ? (
        <span className="confirm" role="group" aria-label={t('forum.confirmUnlock')}>
          <span className="confirm__question">{t('forum.confirmUnlock')}</span>
          <button type="button" className="button button--small button--primary" onClick={() => void unlock()}>
            {t('common.ok')}
          </button>
          <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
            {t('forum.cancel')}
          </button>
        </span>
      ) : (
        <button type="submit" className="button button--small" disabled={busy}>
          {t('forum.unlock')}
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Buying a paid block (docs/rules/forum.md, hidden content): the member confirms the price against what they have (`GET /api/wallet/me`,
 * read when the question opens), then pays; the server charges only the confirmed price. Wallet views refresh
 * after paying; a price changed meanwhile reloads the topic so the new one shows.
 */
function PaidUnlock({
  topicId,
  type,
  price,
  onUnlocked,
}: {
  topicId: string;
  type: 40 | 50;
  price: number;
  onUnlocked: (result: UnlockResult) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const priceText = formatUnlockPrice(type, price, t);

  const pay = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const result = await unlockTopic(topicId, { type, price });
      toast.success(t('forum.paid.success', { price: formatUnlockPrice(type, result.pricePaid ?? price, t) }));
      onUnlocked(result);
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'forum.unlock_price_changed')
        void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId) });
      setError(formProblemsOf(failure, [], t).form ?? t('common.submitError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="locked-block__form">
      {confirming ? (
        <PaidConfirm type={type} priceText={priceText} onPay={() => void pay()} onCancel={() => setConfirming(false)} />
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => setConfirming(true)}
        >
          {t('forum.paid.buy', { price: priceText })}
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The confirmation: the price and what the member has now (points, or available balance). */
function PaidConfirm({
  type,
  priceText,
  onPay,
  onCancel,
}: {
  type: 40 | 50;
  priceText: string;
  onPay: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const wallet = useMyWallet();
  const question = t(`forum.paid.confirm${type}`, { price: priceText });
  const have = wallet.data
    ? t(`forum.paid.have${type}`, {
        amount: formatUnlockPrice(type, type === 40 ? wallet.data.points : wallet.data.available, t),
      })
    : wallet.isError
      ? t('forum.paid.walletUnavailable')
      : t('forum.paid.walletLoading');
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm__question">
        {question} {have}
      </span>
      <button type="button" className="button button--small button--primary" onClick={onPay}>
        {t('forum.paid.pay')}
      </button>
      <button type="button" className="button button--small" onClick={onCancel}>
        {t('forum.cancel')}
      </button>
    </span>
  );
}
