/** Drafts: the note above an editor and the control panel's list (docs/rules/forum.md, drafts). */
export const draftsEn = {
  restored: 'Draft restored',
  savedAt: 'saved {{time}}',
  discard: 'Discard draft',
  discarded: 'The draft was discarded.',
  listCaption: 'My drafts, the most recently saved first',
  intro:
    'What you were writing is kept here until you send it or discard it, on every device you sign in with. Nobody else sees your drafts. At most {{max}} are kept: the oldest goes first.',
  empty: 'No drafts.',
  what: 'Editor',
  text: 'Draft',
  savedColumn: 'Saved',
  actions: 'Actions',
  open: 'Continue writing',
  untitled: '(no title)',
  kind: {
    topic: 'New topic',
    'topic-edit': 'Topic edit',
    comment: 'Comment',
    reply: 'Reply',
    question: 'New question',
    answer: 'Answer',
  },
};
