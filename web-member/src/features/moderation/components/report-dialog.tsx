import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import { CaptchaField, useCaptcha } from '@/features/account';
import { formProblemsOf } from '@/lib/form-problems';
import { leafTypes, uploadReportImage, useFileReport, useReportTypes, type ReportKind } from '../api/moderation';
import { REASON_MAX_LENGTH } from './report-button';

/** The report form: its code (captcha, image upload) loads when a member first opens it. */
export function ReportDialog({
  kind,
  contentId,
  onClose,
}: {
  kind: ReportKind;
  contentId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const types = useReportTypes();
  const maxImages = types.data?.maxImages ?? 0;
  const file = useFileReport();
  const [typeId, setTypeId] = useState('');
  const [reason, setReason] = useState('');
  const [imageUrls, setImageUrls] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [captchaValue, setCaptchaValue] = useState('');
  const captcha = useCaptcha(needsCaptcha);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const titleId = useId();
  const reasonId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const leaves = leafTypes(types.data?.items ?? []);
  const chosen = leaves.find((type) => type.id === typeId);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const addImage = async (files: FileList | null) => {
    const picked = files?.[0];
    if (!picked) return;
    setUploading(true);
    try {
      const { url } = await uploadReportImage(picked);
      setImageUrls((urls) => [...urls, url]);
    } catch (failure) {
      setFormError(formProblemsOf(failure, [], t).form);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file.isPending) return;
    const found: Record<string, string> = {};
    if (!chosen) found.typeId = t('moderation.report.typeRequired');
    if (chosen?.reasonRequired && reason.trim() === '') found.reason = t('moderation.report.reasonRequired');
    if (reason.length > REASON_MAX_LENGTH)
      found.reason = t('moderation.report.reasonTooLong', { max: REASON_MAX_LENGTH });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    const answer = needsCaptcha && captcha.data ? { captchaKey: captcha.data.captchaKey, captchaValue } : {};
    file.mutate(
      { kind, contentId, typeId, reason, imageUrls, ...answer },
      {
        onSuccess: () => {
          toast.success(t('moderation.report.sent'));
          onClose();
        },
        onError: (failure) => {
          const problems = formProblemsOf(failure, ['typeId', 'reason', 'captcha'], t, {
            'moderation.reason_required': 'reason',
            'moderation.report_type_not_found': 'typeId',
            'moderation.captcha_required': 'captcha',
            'moderation.captcha_invalid': 'captcha',
          });
          if (problems.fields.captcha) {
            setNeedsCaptcha(true);
            setCaptchaValue('');
            if (needsCaptcha) void captcha.refetch();
          }
          setErrors(problems.fields);
          setFormError(problems.closed ?? problems.form);
        },
      },
    );
  };

  return (
    <div className="modal-backdrop">
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          {t('moderation.report.title')}
        </h2>
        <form noValidate onSubmit={submit}>
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <fieldset className={`field${errors.typeId ? ' field--invalid' : ''}`}>
            <legend className="field__label">{t('moderation.report.type')}</legend>
            {types.isPending ? <p className="muted">{t('common.loading')}</p> : null}
            {!types.isPending && leaves.length === 0 ? <p className="muted">{t('moderation.report.noTypes')}</p> : null}
            {leaves.map((type) => (
              <label key={type.id} className="field__check">
                <input
                  type="radio"
                  name="typeId"
                  value={type.id}
                  checked={typeId === type.id}
                  onChange={() => setTypeId(type.id)}
                />{' '}
                {type.label}
              </label>
            ))}
            {errors.typeId ? <p className="field__error">{errors.typeId}</p> : null}
          </fieldset>
          <div className={`field${errors.reason ? ' field--invalid' : ''}`}>
            <label htmlFor={reasonId} className="field__label">
              {t('moderation.report.reason')}
              {chosen?.reasonRequired ? null : (
                <span className="field__optional"> {t('moderation.report.optional')}</span>
              )}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              rows={4}
              value={reason}
              maxLength={REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
            />
            {errors.reason ? <p className="field__error">{errors.reason}</p> : null}
          </div>
          {maxImages > 0 ? (
            <div className="field">
              <span className="field__label">{t('moderation.report.images', { max: maxImages })}</span>
              <ul className="report-images">
                {imageUrls.map((url) => (
                  <li key={url}>
                    <img src={url} alt="" width={64} height={64} />
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setImageUrls((urls) => urls.filter((kept) => kept !== url))}
                    >
                      {t('moderation.report.removeImage')}
                    </button>
                  </li>
                ))}
              </ul>
              {imageUrls.length < maxImages ? (
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  aria-label={t('moderation.report.addImage')}
                  disabled={uploading}
                  onChange={(event) => void addImage(event.target.files)}
                />
              ) : null}
            </div>
          ) : null}
          {needsCaptcha ? (
            <CaptchaField
              captcha={captcha}
              value={captchaValue}
              onValueChange={setCaptchaValue}
              error={errors.captcha}
            />
          ) : null}
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('moderation.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={file.isPending || uploading}>
              {t('moderation.report.submit')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
