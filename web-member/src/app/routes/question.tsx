import { useTranslation } from '@/lib/translator';
import { Link, useLocation, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { AnswerList } from '@/features/questions/components/answer-list';
import { QaContentForm } from '@/features/questions/components/qa-content-form';
import { QuestionView, SimilarQuestions } from '@/features/questions/components/question-detail';
import { useQuestion } from '@/features/questions/api/questions';
import { encodeLocation } from '@/lib/route-codec';
import { useAppState, useFeatureSwitch } from '@/stores/app-state';

/** `/question?questionId=&page=`: the question, its addenda, a page of answers with replies, and the answer form. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const questionId = searchParams.get('questionId') ?? '';
  const page = pageFrom(searchParams.get('page'));
  const memberId = useAppState((state) => state.systemUser?.id ?? null);
  const answering = useFeatureSwitch('answers');
  const question = useQuestion(questionId);

  if (!questionId) return <p role="alert">{t('qa.notFound')}</p>;
  const loginHref = `/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`;

  return (
    <div className="thread question-screen">
      <QuestionView questionId={questionId} memberId={memberId} />
      {question.data ? (
        <>
          <AnswerList questionId={questionId} page={page} memberId={memberId} />
          <div className="comment-composer">
            <h2 className="section-title">{t('qa.writeAnswer')}</h2>
            {!memberId ? (
              <p>
                {t('qa.loginToAnswer')} <Link to={loginHref}>{t('forum.login')}</Link>
              </p>
            ) : !answering.enabled ? (
              <FeatureClosed message={answering.message} fallback={t('qa.answersClosed')} />
            ) : (
              <QaContentForm
                target={{ kind: 'answer', questionId }}
                draftKey={`answer:${questionId}`}
                label={t('qa.answerLabel')}
                submitLabel={t('qa.postAnswer')}
                successMessage={t('qa.answerPosted')}
              />
            )}
          </div>
          <SimilarQuestions questionId={questionId} />
        </>
      ) : null}
    </div>
  );
}
