import '../polls.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePoll } from '../api/polls';

const PollBody = lazy(() => import('./poll-body').then((module) => ({ default: module.PollBody })));

/** The topic's poll under the topic (docs/rules/forum.md, polls): the choices until one votes, then the counts. */
export function PollCard({ topicId, memberId }: { topicId: string; memberId: string | null }) {
  // Asked once mounted, so never by the server render (ADR 34), which fetches every query a page starts and would
  // add a read to each rendered topic page: the card comes in with the browser, as the comment forms do.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const poll = usePoll(topicId, mounted);
  if (!poll.data) return null;
  // Only in the browser, after the poll came (never in a server render or a hydration): its code loads then.
  return (
    <Suspense fallback={null}>
      <PollBody key={poll.data.pollId} poll={poll.data} topicId={topicId} memberId={memberId} />
    </Suspense>
  );
}
