/** Polls on topics: the card on `/thread` and the topic editor's fields (the feature's public entry). */
export { PollCard } from './components/poll-card';
export { PollFields, usePollDraft, checkPoll } from './components/poll-fields';
export type { PollDraft } from './components/poll-fields';
export { createPoll, usePoll, pollQueryKey } from './api/polls';
export type { PollInput, PollView } from './api/polls';
