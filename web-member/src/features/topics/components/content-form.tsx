import { makeContentForms } from '@/components/editor/content-form';
import { useWriteContent } from '../api/comments';

/** The forum's boxes for a comment, a reply or an edit of one (loaded lazily through `content-form-lazy`). */
export const { ContentForm, ReplyForm, EditForm } = makeContentForms(useWriteContent);
