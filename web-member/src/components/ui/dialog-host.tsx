import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/lib/translator';
import { useStore } from '@/lib/create-store';
import { closeDialog, dialogs } from './dialog-store';

/** Shows the first queued blocking dialog as a modal `<dialog>` (focus stays inside, Escape closes). */
export function DialogHost() {
  const { t } = useTranslation();
  const current = useStore(dialogs, (state) => state.queue[0]);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = ref.current;
    if (!element || !current) return;
    if (typeof element.showModal === 'function' && !element.open) element.showModal();
    else element.setAttribute('open', '');
  }, [current]);

  if (!current) return null;
  const close = () => {
    ref.current?.close?.();
    closeDialog(current.id);
  };
  return (
    <dialog
      ref={ref}
      key={current.id}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {current.title}
      </h2>
      {current.message ? <p className="modal__message">{current.message}</p> : null}
      {current.detail ? <p className="modal__detail">{current.detail}</p> : null}
      {current.items?.length ? (
        <ol className="modal__list">
          {current.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ol>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={close} autoFocus>
          {t('common.ok')}
        </button>
      </div>
    </dialog>
  );
}
