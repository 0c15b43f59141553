import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import type { Invalid } from '@/lib/validation';

type FieldProblems<F extends string> = Partial<Record<F, Invalid>>;

/**
 * The state every account form shares: values, one message per field, one for the form, and moving focus to the
 * first field in error after a failed submission.
 */
export function useFormState<V extends object>(initial: V) {
  type Field = keyof V & string;
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const form = formRef.current;
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector('.form-error');
    target?.focus();
  }, [focusRequest]);

  const setValue = useCallback(<K extends Field>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** Shows the problems found (client rules or the server's answer); true when there were any. */
  const showProblems = useCallback((fields: Partial<Record<Field, string>>, form: string | null = null): boolean => {
    setErrors(fields);
    setFormError(form);
    const any = form !== null || Object.values(fields).some(Boolean);
    if (any) setFocusRequest((count) => count + 1);
    return any;
  }, []);

  /** Client-side rules → translated messages. */
  const translate = useCallback(
    (problems: FieldProblems<Field>): Partial<Record<Field, string>> =>
      Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => {
          const { key, params } = problem as { key: string; params?: Record<string, number> };
          return [field, t(key, params ?? {})];
        }),
      ) as Partial<Record<Field, string>>,
    [t],
  );

  return { values, setValue, setValues, errors, formError, showProblems, translate, formRef };
}
