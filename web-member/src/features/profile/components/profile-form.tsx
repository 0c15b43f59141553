import { useId, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast-store';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { rules, type Invalid } from '@/lib/validation';
import { useUpdateProfile, type ProfileChange, type ProfileFields } from '../api/profile';

interface ProfileValues {
  nickname: string;
  allowUserDynamic: boolean;
  hintQuestion: string;
  hintAnswer: string;
}

const FIELDS = ['nickname', 'allowUserDynamic', 'hintQuestion', 'hintAnswer'] as const;

/**
 * Nickname, whether others may see the member's activity, and the password hint. The hint answer is never shown
 * back; a new question needs an answer (both ≥ 7 characters), and an answer alone replaces the old one.
 */
export function ProfileForm({ profile, onSaved }: { profile: ProfileFields; onSaved?: (nickname: string) => void }) {
  const { t } = useTranslation();
  const form = useFormState<ProfileValues>({
    nickname: profile.nickname ?? '',
    allowUserDynamic: profile.allowUserDynamic,
    hintQuestion: profile.hintQuestion ?? '',
    hintAnswer: '',
  });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const update = useUpdateProfile();
  const dynamicId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const questionChanged = values.hintQuestion.trim() !== (profile.hintQuestion ?? '');
    const withHint = questionChanged || values.hintAnswer !== '';
    const checks: Record<string, Invalid | null> = {
      nickname: rules.nickname(values.nickname),
      hintQuestion: withHint ? rules.hintQuestion(values.hintQuestion) : null,
      hintAnswer: withHint ? rules.hintAnswer(values.hintAnswer) : null,
    };
    const problems = Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem)) as Record<
      string,
      Invalid
    >;
    if (showProblems(translate(problems))) return;
    const change: ProfileChange = {
      // The server keeps a nickname once set (1–15 characters): an emptied field leaves it as it is.
      ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
      allowUserDynamic: values.allowUserDynamic,
      ...(withHint ? { hintQuestion: values.hintQuestion.trim(), hintAnswer: values.hintAnswer } : {}),
    };
    update.mutate(change, {
      onSuccess: () => {
        setValue('hintAnswer', '');
        toast.success(t('profile.saved'));
        if (values.nickname.trim()) onSaved?.(values.nickname.trim());
      },
      onError: (error) => {
        const problems = formProblemsOf(error, FIELDS, t);
        showProblems(problems.fields, problems.closed ?? problems.form);
      },
    });
  };

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="section-title">
        {t('profile.title')}
      </h2>
      <FormError message={formError} />
      <TextField
        label={t('account.fields.nickname')}
        name="nickname"
        hint={t('account.hints.nickname')}
        autoComplete="nickname"
        value={values.nickname}
        onValueChange={(value) => setValue('nickname', value)}
        error={errors.nickname}
      />
      <div className="field field--check">
        <div className="field__check">
          <input
            id={dynamicId}
            type="checkbox"
            name="allowUserDynamic"
            checked={values.allowUserDynamic}
            onChange={(event) => setValue('allowUserDynamic', event.target.checked)}
          />
          <label htmlFor={dynamicId}>{t('profile.allowUserDynamic')}</label>
        </div>
      </div>
      <fieldset className="account-form__group">
        <legend>{t('account.register.optionalSection')}</legend>
        <p className="field__hint">{t('profile.hintHelp')}</p>
        <TextField
          label={t('account.fields.hintQuestion')}
          name="hintQuestion"
          autoComplete="off"
          value={values.hintQuestion}
          onValueChange={(value) => setValue('hintQuestion', value)}
          error={errors.hintQuestion}
        />
        <TextField
          label={t('account.fields.hintAnswer')}
          name="hintAnswer"
          autoComplete="off"
          value={values.hintAnswer}
          onValueChange={(value) => setValue('hintAnswer', value)}
          error={errors.hintAnswer}
        />
      </fieldset>
      <button type="submit" className="button button--primary account-form__submit" disabled={update.isPending}>
        {t('profile.save')}
      </button>
    </form>
  );
}
