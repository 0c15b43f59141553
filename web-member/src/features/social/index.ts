/** Follows and member profiles (the feature's public entry): the query keys a membership change refreshes. */
export { socialKeys } from './api/follows';
