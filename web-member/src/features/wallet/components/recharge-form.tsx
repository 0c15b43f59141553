import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import { formProblemsOf } from '@/lib/form-problems';
import { rules } from '@/lib/validation';
import { usePaymentProviders, useStartRecharge } from '../api/wallet';
import { leaveSite } from '../utils/leave-site';

/** Recharge: an amount in yuan and a provider; the member is then sent to the provider to pay. */
export function RechargeForm() {
  const { t } = useTranslation();
  const id = useId();
  const providers = usePaymentProviders();
  const start = useStartRecharge();
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; provider?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (providers.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (providers.isError || !providers.data.items.length) {
    return <p role="alert">{t('wallet.recharge.noProviders')}</p>;
  }
  const items = providers.data.items;
  // One provider needs no choice.
  const provider = chosen ?? (items.length === 1 ? items[0]!.id : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.rechargeAmount(amount);
    const problems = {
      amount: invalid ? t(invalid.key, invalid.params ?? {}) : undefined,
      provider: provider ? undefined : t('wallet.recharge.providerRequired'),
    };
    setErrors(problems);
    setFormError(null);
    if (problems.amount || problems.provider) return;
    start.mutate(
      { amount: amount.trim(), provider: provider! },
      {
        onSuccess: (answer) => leaveSite.to(answer.redirectUrl),
        onError: (failure) => {
          const answer = formProblemsOf(failure, ['amount', 'provider'], t);
          setErrors(answer.fields);
          setFormError(answer.form ?? answer.closed);
        },
      },
    );
  };

  return (
    <form className="recharge-form" onSubmit={submit} noValidate>
      <TextField
        label={t('wallet.recharge.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
        hint={t('wallet.recharge.amountHint')}
      />
      <fieldset className={`field${errors.provider ? ' field--invalid' : ''}`}>
        <legend className="field__label">{t('wallet.recharge.provider')}</legend>
        {items.map((item) => (
          <label key={item.id} className="choice">
            <input
              type="radio"
              name={`${id}-provider`}
              value={item.id}
              checked={provider === item.id}
              onChange={() => {
                setChosen(item.id);
                setErrors((current) => ({ ...current, provider: undefined }));
              }}
            />
            {t(`wallet.recharge.providers.${item.id}`, { defaultValue: item.id })}
          </label>
        ))}
        {errors.provider ? (
          <p className="field__error" role="alert">
            {errors.provider}
          </p>
        ) : null}
      </fieldset>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? t('wallet.recharge.redirecting') : t('wallet.recharge.submit')}
      </button>
    </form>
  );
}
