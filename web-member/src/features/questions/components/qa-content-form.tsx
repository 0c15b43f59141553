import { makeContentForms } from '@/components/editor/content-form';
import { useQaWrite } from '../api/questions';

/** The Q&A's boxes for an answer, a reply, an addendum or an edit of one. */
export const {
  ContentForm: QaContentForm,
  ReplyForm: QaReplyForm,
  EditForm: QaEditForm,
} = makeContentForms(useQaWrite);
