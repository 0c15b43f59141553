/** The member page (`/user/:memberId`) and the chat's "who is this" header. */
export const memberEn = {
  pageOf: "{{name}}'s page",
  notFound: 'This member does not exist.',
  loadError: 'The member could not be loaded.',
  joined: 'Joined {{time}}',
  counts: 'Counts',
  followers: 'Followers',
  following: 'Following',
  topics: 'Topics',
  questions: 'Questions',
  answers: 'Answers',
  dynamics: 'Dynamics',
  content: "The member's posts",
  message: 'Message',
  messageLabel: 'Send {{name}} a private message',
  editProfile: 'Edit my profile',
  chatWith: 'Conversation with {{name}}',
};
