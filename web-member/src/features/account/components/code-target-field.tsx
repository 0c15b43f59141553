import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import type { Captcha } from '../api/get-captcha';
import type { CodePurpose } from '../api/send-code';
import { CodeFields } from './code-fields';

type Field = 'target' | 'captcha' | 'code';

export interface CodeTargetFieldProps {
  method: 'phone' | 'email';
  purpose: CodePurpose;
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  onValueChange: (field: Field, value: string) => void;
  /** The form's own check of the phone number or email address before a code is asked for. */
  checkTarget: () => Record<string, string | undefined>;
  captcha: UseQueryResult<Captcha>;
  /** Shows the problems of a send, under the server's field names (`phone`/`email`, `smsCode`/`emailCode`). */
  showProblems: (fields: Record<string, string | undefined>, form?: string | null) => void;
}

/**
 * The phone number or email address a code goes to (the field is named after the method, as the API is), then
 * the captcha and the code with its "send code" button and countdown.
 */
export function CodeTargetField({ method, values, errors, onValueChange, ...props }: CodeTargetFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t(method === 'phone' ? 'codes.phone' : 'codes.email')}
        name={method}
        type={method === 'phone' ? 'tel' : 'email'}
        autoComplete={method === 'phone' ? 'tel' : 'email'}
        required
        value={values.target}
        onValueChange={(value) => onValueChange('target', value)}
        error={errors.target}
      />
      <CodeFields
        channel={method === 'phone' ? 'sms' : 'email'}
        purpose={props.purpose}
        target={values.target}
        checkTarget={props.checkTarget}
        captcha={props.captcha}
        captchaValue={values.captcha}
        onCaptchaChange={(value) => onValueChange('captcha', value)}
        captchaError={errors.captcha}
        codeName={method === 'phone' ? 'smsCode' : 'emailCode'}
        code={values.code}
        onCodeChange={(value) => onValueChange('code', value)}
        codeError={errors.code}
        showProblems={props.showProblems}
        fields={[method]}
      />
    </>
  );
}
