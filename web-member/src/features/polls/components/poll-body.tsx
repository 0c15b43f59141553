import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation } from '@/lib/router';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format-time';
import { encodeLocation } from '@/lib/route-codec';
import { useVote, type PollView } from '../api/polls';

/** The poll's choices or counts: its code loads only when the topic has a poll (issue 20's first-load budget). */
export function PollBody({ poll, topicId, memberId }: { poll: PollView; topicId: string; memberId: string | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const location = useLocation();
  const vote = useVote(topicId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const canVote = !!memberId && !poll.closed && poll.myVote === null;

  const toggle = (optionId: string, on: boolean) => {
    setProblem(null);
    setChosen((current) =>
      poll.multiple ? (on ? [...current, optionId] : current.filter((one) => one !== optionId)) : [optionId],
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setProblem(t('polls.chooseFirst'));
    vote.mutate(chosen, {
      onError: (error) => setProblem(error instanceof ApiError ? error.message : t('polls.voteFailed')),
    });
  };

  const status = poll.closed
    ? t('polls.closed')
    : poll.closesAt
      ? t('polls.closesAt', { time: formatDateTime(poll.closesAt, i18n.language) })
      : t('polls.open');

  return (
    <section className="poll-card" aria-labelledby={`${id}-question`}>
      <h2 id={`${id}-question`} className="poll-card__question">
        <span className="poll-card__badge">{poll.multiple ? t('polls.multiple') : t('polls.single')}</span>{' '}
        {poll.question}
      </h2>
      <p className="muted poll-card__status">{status}</p>
      {poll.resultsVisible ? (
        <>
          <ul className="poll-card__results" aria-label={t('polls.results')}>
            {poll.options.map((option) => {
              const votes = option.votes ?? 0;
              const percent = poll.voters ? Math.round((votes / poll.voters) * 100) : 0;
              const mine = poll.myVote?.includes(option.optionId) ?? false;
              return (
                <li key={option.optionId} className={`poll-card__result${mine ? ' poll-card__result--mine' : ''}`}>
                  <span className="poll-card__text">
                    {option.text}
                    {mine ? <span className="poll-card__mine"> {t('polls.myChoice')}</span> : null}
                  </span>
                  <span className="poll-card__count">{t('polls.votes', { count: votes, percent })}</span>
                  <span className="poll-card__bar" aria-hidden="true">
                    <span style={{ width: `${percent}%` }} />
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="muted">{t('polls.voters', { count: poll.voters ?? 0 })}</p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset className="poll-card__options" disabled={!canVote || vote.isPending}>
            <legend className="visually-hidden">{poll.question}</legend>
            {poll.options.map((option) => (
              <label key={option.optionId} className="choice">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`${id}-option`}
                  checked={chosen.includes(option.optionId)}
                  onChange={(event) => toggle(option.optionId, event.target.checked)}
                />
                {option.text}
              </label>
            ))}
          </fieldset>
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          {memberId ? (
            <button type="submit" className="button button--primary button--small" disabled={vote.isPending}>
              {t('polls.vote')}
            </button>
          ) : (
            <p>
              {t('polls.loginToVote')}{' '}
              <Link to={`/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`}>
                {t('forum.login')}
              </Link>
            </p>
          )}
          <p className="muted">{t('polls.resultsAfterVoting')}</p>
        </form>
      )}
    </section>
  );
}
