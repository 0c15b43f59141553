import '../polls.css';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import {
  POLL_OPTION_TEXT_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_QUESTION_MAX,
  type PollInput,
} from '../api/polls';

interface PollValues {
  question: string;
  options: string[];
  multiple: boolean;
  /** `datetime-local` text, in the member's time zone; empty: no close time. */
  closesAt: string;
}

type Problems = { question?: string; closesAt?: string; options?: string; option: Record<number, string> };

const EMPTY: PollValues = { question: '', options: ['', ''], multiple: false, closesAt: '' };

/** The checks the server makes (2–10 options, lengths, no two alike, close time ahead), said before sending. */
export function checkPoll(
  values: PollValues,
  now: Date,
): { ok: true; input: PollInput } | { ok: false; problems: Problems } {
  const problems: Problems = { option: {} };
  const question = values.question.trim();
  if (!question) problems.question = 'polls.form.questionRequired';
  else if (question.length > POLL_QUESTION_MAX) problems.question = 'polls.form.questionTooLong';
  const options = values.options.map((text) => text.trim());
  options.forEach((text, index) => {
    if (!text) problems.option[index] = 'polls.form.optionRequired';
    else if (text.length > POLL_OPTION_TEXT_MAX) problems.option[index] = 'polls.form.optionTooLong';
  });
  const lowered = options.map((text) => text.toLowerCase());
  if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX) problems.options = 'polls.form.count';
  else if (new Set(lowered).size !== lowered.length) problems.options = 'polls.form.duplicate';
  let closesAt: string | null = null;
  if (values.closesAt) {
    const time = new Date(values.closesAt);
    if (Number.isNaN(time.getTime()) || time.getTime() <= now.getTime()) problems.closesAt = 'polls.form.closesInPast';
    else closesAt = time.toISOString();
  }
  if (problems.question || problems.closesAt || problems.options || Object.keys(problems.option).length)
    return { ok: false, problems };
  return { ok: true, input: { question, options, multiple: values.multiple, closesAt } };
}

/** The poll part of the topic editor: off until "add a poll" is ticked; `check` gives what to send. */
export function usePollDraft() {
  const [attached, setAttached] = useState(false);
  const [values, setValues] = useState<PollValues>(EMPTY);
  const [problems, setProblems] = useState<Problems>({ option: {} });
  const set = (changes: Partial<PollValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setProblems({ option: {} });
  };
  /** The poll to add: null when none, false when a rule is broken (its message is shown). */
  const check = (): PollInput | null | false => {
    if (!attached) return null;
    const result = checkPoll(values, new Date());
    if (result.ok) return result.input;
    setProblems(result.problems);
    return false;
  };
  return { attached, setAttached, values, set, problems, check };
}

export type PollDraft = ReturnType<typeof usePollDraft>;

export function PollFields({ draft }: { draft: PollDraft }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, problems, set } = draft;
  const setOption = (index: number, text: string) =>
    set({ options: values.options.map((one, i) => (i === index ? text : one)) });

  return (
    <fieldset className="poll-fields">
      <legend className="visually-hidden">{t('polls.form.legend')}</legend>
      <label className="choice">
        <input type="checkbox" checked={draft.attached} onChange={(event) => draft.setAttached(event.target.checked)} />
        {t('polls.form.attach')}
      </label>
      {draft.attached ? (
        <>
          <TextField
            label={t('polls.form.question')}
            name="pollQuestion"
            value={values.question}
            onValueChange={(question) => set({ question })}
            error={problems.question ? t(problems.question, { max: POLL_QUESTION_MAX }) : undefined}
          />
          <div className={`field${problems.options ? ' field--invalid' : ''}`}>
            <span className="field__label" id={`${id}-options`}>
              {t('polls.form.options', { min: POLL_OPTIONS_MIN, max: POLL_OPTIONS_MAX })}
            </span>
            <ol className="poll-fields__options" aria-labelledby={`${id}-options`}>
              {values.options.map((text, index) => (
                <li key={index}>
                  <TextField
                    label={t('polls.form.option', { number: index + 1 })}
                    name={`pollOption${index}`}
                    value={text}
                    maxLength={POLL_OPTION_TEXT_MAX + 20}
                    onValueChange={(value) => setOption(index, value)}
                    error={
                      problems.option[index] ? t(problems.option[index]!, { max: POLL_OPTION_TEXT_MAX }) : undefined
                    }
                    addon={
                      values.options.length > POLL_OPTIONS_MIN ? (
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => set({ options: values.options.filter((_, i) => i !== index) })}
                        >
                          {t('polls.form.remove', { number: index + 1 })}
                        </button>
                      ) : null
                    }
                  />
                </li>
              ))}
            </ol>
            {problems.options ? (
              <p className="field__error" role="alert">
                {t(problems.options, { min: POLL_OPTIONS_MIN, max: POLL_OPTIONS_MAX })}
              </p>
            ) : null}
            {values.options.length < POLL_OPTIONS_MAX ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => set({ options: [...values.options, ''] })}
              >
                {t('polls.form.addOption')}
              </button>
            ) : null}
          </div>
          <label className="choice">
            <input
              type="checkbox"
              checked={values.multiple}
              onChange={(event) => set({ multiple: event.target.checked })}
            />
            {t('polls.form.multiple')}
          </label>
          <TextField
            label={t('polls.form.closesAt')}
            optionalLabel={t('polls.form.optional')}
            name="pollClosesAt"
            type="datetime-local"
            value={values.closesAt}
            onValueChange={(closesAt) => set({ closesAt })}
            error={problems.closesAt ? t(problems.closesAt) : undefined}
            hint={t('polls.form.closesAtHint')}
          />
        </>
      ) : null}
    </fieldset>
  );
}
