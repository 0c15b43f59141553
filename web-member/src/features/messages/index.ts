/** Messages (the feature's public entry): the chat with a member, for the member card's "message" link. */
export { chatHref } from './components/conversation-list';
