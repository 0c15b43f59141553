/**
 * Whether a member likes or favourites a target, one document each: written by the reactions projection, read
 * wherever a page shows "liked by me" (comments, replies, the topic page) and by the reactions' own lists.
 */

/** `_id: <kind>.<targetId>.<memberId>` — whether a member likes a target ("likedByMe" by `$in`). */
export const LIKE_STATE = 'like_state';
/** `_id: topic.<topicId>.<memberId>` — whether a member favourites a topic. */
export const FAVOURITE_STATE = 'favourite_state';

export interface LikeStateDocument {
  _id: string;
  liked: boolean;
  targetKind: string;
  targetId: string;
  topicId: string;
  memberId: string;
  targetAuthorId: string;
  at: string;
}

export interface FavouriteStateDocument {
  _id: string;
  favourited: boolean;
  topicId: string;
  memberId: string;
  topicAuthorId: string;
  at: string;
}
