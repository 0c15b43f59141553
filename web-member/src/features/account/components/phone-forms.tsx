import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { TextField } from '@/components/ui/form-field';
import { FormError } from '@/components/ui/form-error';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import { rules, type Invalid } from '@/lib/validation';
import { useCaptcha } from '../api/get-captcha';
import { useMe } from '../api/get-me';
import { useBindPhone, useChangePhone, useVerifyOldPhone } from '../api/phone-binding';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { CodeFields } from './code-fields';
import { REAL_NAME_PATH } from './real-name-status';

export const UPDATE_PHONE_STEP1 = '/user/control/updatePhoneBinding/step1';
export const UPDATE_PHONE_STEP2 = '/user/control/updatePhoneBinding/step2';

/** Route state of phone change step 2: the proof that the old number was verified. */
export interface PhoneChangeState {
  changeToken: string;
}

interface PhoneValues {
  phone: string;
  captcha: string;
  smsCode: string;
}

const only = (checks: Record<string, Invalid | null>) =>
  Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem)) as Record<string, Invalid>;

function Done({ message, to, state }: { message: string; to: string; state?: unknown }) {
  return (
    <section className="account-success">
      <p role="status">{message}</p>
      <RedirectNotice to={to} state={state} />
    </section>
  );
}

/**
 * A new number and its SMS code: binding the first phone, or step 2 of a change (with the step-1 token).
 * Afterwards the member is taken to the real-name page after 3 s.
 */
function NewPhoneForm({ changeToken }: { changeToken: string | null }) {
  const { t } = useTranslation();
  const form = useFormState<PhoneValues>({ phone: '', captcha: '', smsCode: '' });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const [done, setDone] = useState(false);
  const captcha = useCaptcha(!done);
  const bind = useBindPhone();
  const change = useChangePhone();
  const pending = bind.isPending || change.isPending;

  if (done) return <Done message={t(changeToken ? 'phone.changed' : 'phone.bound')} to={REAL_NAME_PATH} />;

  const phoneProblem = () => {
    const problem = rules.phone(values.phone);
    return problem ? { phone: t(problem.key, problem.params ?? {}) } : {};
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (showProblems(translate(only({ phone: rules.phone(values.phone), smsCode: rules.smsCode(values.smsCode) }))))
      return;
    const callbacks = {
      onSuccess: () => setDone(true),
      onError: (error: unknown) => {
        const problems = formProblemsOf(error, ['phone', 'smsCode'], t, { 'identity.code_invalid': 'smsCode' });
        showProblems(problems.fields, problems.closed ?? problems.form);
      },
    };
    if (changeToken) change.mutate({ changeToken, phone: values.phone, smsCode: values.smsCode }, callbacks);
    else bind.mutate({ phone: values.phone, smsCode: values.smsCode }, callbacks);
  };

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <TextField
        label={t(changeToken ? 'phone.newPhone' : 'codes.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        value={values.phone}
        onValueChange={(value) => setValue('phone', value)}
        error={errors.phone}
      />
      <CodeFields
        channel="sms"
        purpose="bindPhone"
        target={values.phone}
        checkTarget={phoneProblem}
        captcha={captcha}
        captchaValue={values.captcha}
        onCaptchaChange={(value) => setValue('captcha', value)}
        captchaError={errors.captcha}
        codeName="smsCode"
        code={values.smsCode}
        onCodeChange={(value) => setValue('smsCode', value)}
        codeError={errors.smsCode}
        showProblems={(fields, message) =>
          showProblems({ phone: fields.phone, captcha: fields.captcha, smsCode: fields.smsCode }, message ?? null)
        }
        fields={['phone']}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={pending}>
        {t(changeToken ? 'phone.submitChange' : 'phone.submitBind')}
      </button>
    </form>
  );
}

/** `/user/control/phoneBinding`: binding a phone when none is bound (a bound one is changed in two steps). */
export function PhoneBinding() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.data?.phone) {
    return (
      <div className="inline-error" role="status">
        <p>{t('phone.alreadyBound', { phone: me.data.phone })}</p>
        <Link className="button" to={UPDATE_PHONE_STEP1}>
          {t('phone.change')}
        </Link>
      </div>
    );
  }
  return <NewPhoneForm changeToken={null} />;
}

/** Change step 1: the SMS code sent to the bound number; 3 s later on to step 2 with the change token. */
export function VerifyOldPhone() {
  const { t } = useTranslation();
  const me = useMe();
  const form = useFormState({ captcha: '', smsCode: '' });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const [changeToken, setChangeToken] = useState<string | null>(null);
  const captcha = useCaptcha(changeToken === null);
  const verify = useVerifyOldPhone();

  if (changeToken) {
    return (
      <Done
        message={t('phone.oldVerified')}
        to={UPDATE_PHONE_STEP2}
        state={{ changeToken } satisfies PhoneChangeState}
      />
    );
  }
  if (me.data && !me.data.phone) {
    return (
      <div className="inline-error" role="status">
        <p>{t('phone.noPhoneToChange')}</p>
        <Link className="button" to="/user/control/phoneBinding">
          {t('phone.bind')}
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (showProblems(translate(only({ smsCode: rules.smsCode(values.smsCode) })))) return;
    verify.mutate(
      { smsCode: values.smsCode },
      {
        onSuccess: (answer) => setChangeToken(answer.changeToken),
        onError: (error) => {
          const problems = formProblemsOf(error, ['smsCode'], t, { 'identity.code_invalid': 'smsCode' });
          showProblems(problems.fields, problems.closed ?? problems.form);
        },
      },
    );
  };

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <p>{me.data?.phone ? t('phone.oldPhone', { phone: me.data.phone }) : t('common.loading')}</p>
      <CodeFields
        channel="sms"
        purpose="verifyOldPhone"
        target=""
        captcha={captcha}
        captchaValue={values.captcha}
        onCaptchaChange={(value) => setValue('captcha', value)}
        captchaError={errors.captcha}
        codeName="smsCode"
        code={values.smsCode}
        onCodeChange={(value) => setValue('smsCode', value)}
        codeError={errors.smsCode}
        showProblems={(fields, message) =>
          showProblems({ captcha: fields.captcha, smsCode: fields.smsCode }, message ?? null)
        }
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={verify.isPending}>
        {t('recovery.next')}
      </button>
    </form>
  );
}

/** Change step 2: without the step-1 token the member is sent back to step 1. */
export function BindNewPhone({ changeToken }: { changeToken: string | null }) {
  const { t } = useTranslation();
  if (!changeToken) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('phone.verifyOldFirst')}</p>
        <Link className="button" to={UPDATE_PHONE_STEP1}>
          {t('control.updatePhoneBindingStep1')}
        </Link>
      </div>
    );
  }
  return <NewPhoneForm changeToken={changeToken} />;
}
