/**
 * Follows and member profiles (the feature's public entry): the query keys a membership change refreshes, and the
 * public profile and follow button of the member card.
 */
export { socialKeys, usePublicProfile } from './api/follows';
export { FollowButton } from './components/follow-button';
