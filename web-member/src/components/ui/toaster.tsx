import { useTranslation } from '@/lib/translator';
import { useStore } from '@/lib/create-store';
import { TOAST_OFFSET_PX, toaster } from './toast-store';

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useStore(toaster.store, (state) => state.toasts);
  return (
    <div className="toaster" aria-live="polite" style={{ ['--toast-offset' as string]: `${TOAST_OFFSET_PX}px` }}>
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : undefined}>
          <div className="toast__body">
            <p className="toast__message">{item.message}</p>
            {item.detail && item.detail !== item.message ? <p className="toast__detail">{item.detail}</p> : null}
          </div>
          <button type="button" className="icon-button toast__close" onClick={() => toaster.dismiss(item.id)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('common.close')}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
