import '../wallet.css';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import type { MemberSuggestion } from '@/lib/api/member-lookup';
import { MentionList, mentionKey, useMentionLookup } from '@/components/editor/mention-suggestions';
import { useEnvelopeSettings } from '../api/envelopes';
import type { EnvelopeInput, EnvelopeType } from '../api/types';
import { checkEnvelope, SERVER_FIELDS, type EnvelopeField, type EnvelopeValues } from '../utils/envelope-rules';
import { formatFen, yuanToFen } from '@contracts/wallet/money';

const TYPES: EnvelopeType[] = [20, 30, 10];

/** The red envelope part of the new-topic form: its values, its messages, and what to send. */
export function useEnvelopeDraft(enabled: boolean) {
  const { t } = useTranslation();
  const settings = useEnvelopeSettings(enabled);
  const [attached, setAttached] = useState(false);
  const [values, setValues] = useState<EnvelopeValues>({ type: 20, amount: '', quantity: '', recipientId: null });
  const [errors, setErrors] = useState<Partial<Record<EnvelopeField, string>>>({});
  const available = enabled && !!settings.data && settings.data.maxAmount > 0;

  const set = (changes: Partial<EnvelopeValues>, field?: EnvelopeField) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => (field ? { ...current, [field]: undefined } : {}));
  };

  /** The envelope to send: null when none is attached, false when a rule is broken (its message is shown). */
  const check = (): EnvelopeInput | null | false => {
    if (!attached || !available) return null;
    const result = checkEnvelope(values, settings.data!);
    if (result.ok) return result.input;
    setErrors(
      Object.fromEntries(
        Object.entries(result.problems).map(([field, problem]) => [field, t(problem.key, problem.params ?? {})]),
      ),
    );
    return false;
  };

  /** Server messages for `redEnvelope.*` fields go under the envelope's fields. */
  const showServerProblems = (fields: Record<string, string>) => {
    const mine = Object.entries(fields).filter(([field]) => SERVER_FIELDS[field]);
    setErrors(Object.fromEntries(mine.map(([field, message]) => [SERVER_FIELDS[field]!, message])));
  };

  return { settings, attached, setAttached, values, set, errors, available, check, showServerProblems };
}

export type EnvelopeDraft = ReturnType<typeof useEnvelopeDraft>;

/** The server's field names the topic form should place under the envelope's fields. */
export const ENVELOPE_SERVER_FIELDS = Object.keys(SERVER_FIELDS);

export function EnvelopeFields({ draft }: { draft: EnvelopeDraft }) {
  const { t } = useTranslation();
  const id = useId();
  const { settings, values, errors, set } = draft;
  // Before the wallet answers (or when it cannot), the form works without an envelope.
  if (!settings.data) return null;
  if (settings.data.maxAmount === 0) return <p className="muted">{t('wallet.form.off')}</p>;
  const single = yuanToFen(values.amount);
  const quantity = Number(values.quantity);

  return (
    <fieldset className="envelope-fields">
      <legend className="visually-hidden">{t('wallet.card.label')}</legend>
      <label className="choice">
        <input type="checkbox" checked={draft.attached} onChange={(event) => draft.setAttached(event.target.checked)} />
        {t('wallet.form.attach')}
      </label>
      {draft.attached ? (
        <>
          <p id={`${id}-bounds`} className="field__hint">
            {t('wallet.form.bounds', {
              min: formatFen(settings.data.minAmount),
              max: formatFen(settings.data.maxAmount),
              balance: settings.data.availableBalance === null ? '—' : formatFen(settings.data.availableBalance),
            })}
          </p>
          <fieldset className="field">
            <legend className="field__label">{t('wallet.form.type')}</legend>
            {TYPES.map((type) => (
              <label key={type} className="choice">
                <input
                  type="radio"
                  name={`${id}-type`}
                  checked={values.type === type}
                  onChange={() => set({ type, recipientId: null })}
                />
                {t(`wallet.envelopeType.${type}`)}
              </label>
            ))}
          </fieldset>
          <TextField
            label={values.type === 30 ? t('wallet.form.singleAmount') : t('wallet.form.totalAmount')}
            name="envelopeAmount"
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onValueChange={(amount) => set({ amount }, 'amount')}
            error={errors.amount}
            hint={
              // A whole number of fen only: "2.5" shares has no total (the quantity's own error says why).
              values.type === 30 && single !== null && quantity >= 1 && Number.isSafeInteger(single * quantity)
                ? t('wallet.form.total', { total: formatFen(single * quantity) })
                : undefined
            }
          />
          {values.type === 10 ? (
            <RecipientField error={errors.recipient} onChoose={(recipientId) => set({ recipientId }, 'recipient')} />
          ) : (
            <TextField
              label={t('wallet.form.quantity')}
              name="envelopeQuantity"
              inputMode="numeric"
              autoComplete="off"
              value={values.quantity}
              onValueChange={(value) => set({ quantity: value }, 'quantity')}
              error={errors.quantity}
            />
          )}
        </>
      ) : null}
    </fieldset>
  );
}

/** The directed envelope's recipient, found by nickname with the mentions' member lookup. */
function RecipientField({ error, onChoose }: { error?: string; onChoose: (memberId: string | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<MemberSuggestion | null>(null);
  const [active, setActive] = useState(0);
  /** The text for which the member closed the suggestions (Escape). */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const items = useMentionLookup(!chosen && text.trim() ? text.trim() : null);
  const open = !chosen && items.length > 0 && dismissed !== text;

  const choose = (member: MemberSuggestion) => {
    setChosen(member);
    setText(member.nickname);
    onChoose(member.memberId);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const effect = open ? mentionKey(event.key, active, items.length) : null;
    if (!effect) return;
    event.preventDefault();
    if ('move' in effect) setActive(effect.move);
    else if ('choose' in effect) choose(items[effect.choose]!);
    else setDismissed(text);
  };

  return (
    <div className="recipient-field">
      <TextField
        label={t('wallet.form.recipient')}
        name="envelopeRecipient"
        autoComplete="off"
        value={text}
        onValueChange={(value) => {
          setText(value);
          setActive(0);
          if (chosen) {
            setChosen(null);
            onChoose(null);
          }
        }}
        onKeyDown={onKeyDown}
        error={error}
        hint={chosen ? t('wallet.form.recipientChosen', { name: chosen.nickname }) : t('wallet.form.recipientHint')}
      />
      {open ? <MentionList items={items} active={active} onChoose={choose} /> : null}
    </div>
  );
}
