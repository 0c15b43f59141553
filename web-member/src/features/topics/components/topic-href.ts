/**
 * Where a topic lives. Its own module, not the topic list's: the topic page, the editor and the member screens link
 * to topics without loading the home page's list (about 1 KB gzip off a topic page's first load, issue 20).
 */
export const topicHref = (topicId: string) => `/thread?topicId=${encodeURIComponent(topicId)}`;
