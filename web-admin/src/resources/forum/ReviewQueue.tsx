import { useDataProvider } from 'react-admin';
import { HeldContentQueue } from '../HeldContentQueue';
import type { ForumDataProvider, ReviewItem } from './forum-api';

/** Pending topics, comments or replies (one kind at a time), oldest first. */
export function ReviewQueue() {
  const provider = useDataProvider<ForumDataProvider>();
  return (
    <HeldContentQueue<ReviewItem>
      messages="forum.review"
      kinds={['topic', 'comment', 'reply']}
      approve={(item) => provider.approveContent(item.kind, item.id)}
      reject={(item, reason) => provider.rejectContent(item.kind, item.id, reason)}
    />
  );
}
