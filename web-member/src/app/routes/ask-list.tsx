import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { QuestionFilters, questionFilterFrom } from '@/features/questions/components/question-filters';
import { QuestionList } from '@/features/questions/components/question-list';

/** `/askList?filter=all|latest|unresolved|resolved|pointsReward|cashReward&tagId=&page=`: the questions. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <div className="home ask-list">
      <h1 className="page-title">{t('screens.askList')}</h1>
      <p className="home__actions">
        <Link className="button button--primary" to="/addQuestion">
          {t('screens.addQuestion')}
        </Link>
      </p>
      <QuestionFilters />
      <QuestionList
        page={pageFrom(searchParams.get('page'))}
        filter={questionFilterFrom(searchParams.get('filter'))}
        tagId={searchParams.get('tagId') ?? undefined}
      />
    </div>
  );
}
