import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { useAppState } from '@/stores/app-state';
import {
  askAssistant,
  assistantKeys,
  useConversation,
  useConversations,
  useDeleteConversation,
  type AssistantFailure,
  type AssistantStatus,
  type ConversationMessage,
} from '../api/assistant';
import { AssistantMarkdown } from './assistant-markdown';
import './assistant.css';

function Failure({ failure }: { failure: AssistantFailure }) {
  const { t } = useTranslation();
  return (
    <p className="assistant-message__error" role="alert">
      {t('assistant.failure', { status: failure.status || '-', code: failure.code, message: failure.message })}
    </p>
  );
}

function Message({ message, onNavigate }: { message: ConversationMessage; onNavigate: () => void }) {
  const { t } = useTranslation();
  if (message.role === 'user') {
    return (
      <li className="assistant-message assistant-message--user">
        <p className="assistant-message__question">{message.content}</p>
      </li>
    );
  }
  return (
    <li className="assistant-message assistant-message--assistant">
      {message.provider === 'offline' ? (
        <span className="badge assistant-badge">{t('assistant.offlineLabel')}</span>
      ) : null}
      {message.content ? <AssistantMarkdown markdown={message.content} onNavigate={onNavigate} /> : null}
      {message.error ? <Failure failure={message.error} /> : null}
    </li>
  );
}

/**
 * The AI assistant dialog (docs/rules/assistant.md): the member's conversations, one conversation's messages, and a question
 * box. The answer streams in as it is written; failures show status code, error code and message.
 */
export function AssistantDialog({ status, onClose }: { status: AssistantStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const language = useAppState((state) => state.currentLanguage);
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(null);
  // The conversation picked from the list is loaded from the server; one being asked in lives in this state.
  const [selected, setSelected] = useState<string | null>(null);
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<AbortController | null>(null);
  const conversations = useConversations(status.allowed);
  const conversation = useConversation(selected);
  const remove = useDeleteConversation();
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (conversation.data) setMessages(conversation.data.messages);
  }, [conversation.data]);
  useEffect(() => () => streaming?.abort(), [streaming]);
  useEffect(() => {
    // A block body, never `() => element.scrollIntoView()`: current Chromium returns a promise from scrollIntoView,
    // and React calls whatever an effect returns as its cleanup ("l is not a function", the whole app gone).
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const startNew = () => {
    streaming?.abort();
    setActiveId(null);
    setSelected(null);
    setMessages([]);
    setProblem(null);
  };

  const updateLast = (change: (last: ConversationMessage) => ConversationMessage) =>
    setMessages((current) => [...current.slice(0, -1), change(current.at(-1)!)]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) {
      setProblem(t('assistant.questionRequired'));
      return;
    }
    if (text.length > status.maxQuestionLength) {
      setProblem(t('assistant.questionTooLong', { max: status.maxQuestionLength }));
      return;
    }
    setProblem(null);
    const conversationId = activeId ?? crypto.randomUUID();
    setActiveId(conversationId);
    setSelected(null);
    const now = new Date().toISOString();
    setMessages((current) => [
      ...current,
      { messageId: `local-q-${now}`, role: 'user', content: text, at: now },
      { messageId: `local-a-${now}`, role: 'assistant', content: '', at: now },
    ]);
    setQuestion('');
    const controller = new AbortController();
    setStreaming(controller);
    void askAssistant(
      conversationId,
      text,
      language,
      {
        start: ({ provider }) => updateLast((last) => ({ ...last, provider })),
        sources: (sources) => updateLast((last) => ({ ...last, sources })),
        delta: (piece) => updateLast((last) => ({ ...last, content: last.content + piece })),
        done: () => undefined,
        error: (failure) => updateLast((last) => ({ ...last, error: failure })),
      },
      controller.signal,
    ).finally(() => {
      setStreaming(null);
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversation(conversationId) });
    });
  };

  return (
    <div className="modal-backdrop">
      <div className="modal assistant-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="assistant-dialog__header">
          <h2 id={titleId} className="modal__title">
            {t('assistant.title')}
            {status.provider === 'offline' ? (
              <span className="badge assistant-badge">{t('assistant.offlineLabel')}</span>
            ) : null}
          </h2>
          <button type="button" className="button" onClick={onClose}>
            {t('assistant.close')}
          </button>
        </header>
        {!status.allowed ? (
          <p className="assistant-dialog__notice" role="alert">
            {status.enabled ? t('assistant.noPermission') : status.message || t('assistant.closed')}
          </p>
        ) : (
          <div className="assistant-dialog__body">
            <nav className="assistant-dialog__list" aria-label={t('assistant.conversations')}>
              <button type="button" className="button button--primary" onClick={startNew}>
                {t('assistant.newConversation')}
              </button>
              <ul>
                {(conversations.data?.items ?? []).map((item) => (
                  <li key={item.conversationId} className={item.conversationId === activeId ? 'is-active' : undefined}>
                    <button
                      type="button"
                      className="assistant-dialog__conversation"
                      onClick={() => {
                        streaming?.abort();
                        setProblem(null);
                        setActiveId(item.conversationId);
                        setSelected(item.conversationId);
                      }}
                    >
                      {item.title || t('assistant.untitled')}
                    </button>
                    <button
                      type="button"
                      className="assistant-dialog__delete"
                      aria-label={t('assistant.delete', { title: item.title })}
                      onClick={() =>
                        remove.mutate(item.conversationId, {
                          onSuccess: () => item.conversationId === activeId && startNew(),
                        })
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <section className="assistant-dialog__chat">
              {messages.length === 0 ? <p className="muted">{t('assistant.empty')}</p> : null}
              <ol className="assistant-dialog__messages" aria-live="polite">
                {messages.map((message) => (
                  <Message key={message.messageId} message={message} onNavigate={onClose} />
                ))}
              </ol>
              <div ref={end} />
              <form className="assistant-dialog__form" noValidate onSubmit={submit}>
                <label className="field__label" htmlFor={`${titleId}-question`}>
                  {t('assistant.question')}
                </label>
                <textarea
                  id={`${titleId}-question`}
                  value={question}
                  rows={3}
                  aria-invalid={problem ? true : undefined}
                  onChange={(event) => setQuestion(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
                  }}
                />
                {problem ? (
                  <p className="form-error" role="alert">
                    {problem}
                  </p>
                ) : null}
                <div className="assistant-dialog__actions">
                  {streaming ? (
                    <button type="button" className="button" onClick={() => streaming.abort()}>
                      {t('assistant.stop')}
                    </button>
                  ) : null}
                  <button type="submit" className="button button--primary" disabled={!!streaming}>
                    {t('assistant.send')}
                  </button>
                </div>
              </form>
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
