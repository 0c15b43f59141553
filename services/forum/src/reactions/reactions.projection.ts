import type { EventEnvelope, FavouriteEvent, LikeEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { addToList, ID_LISTS, removeFromList } from '../shared/id-lists';
import { FAVOURITE_STATE, LIKE_STATE } from '../shared/reaction-state';

export const REACTIONS_PROJECTION = 'forum-reactions';
/**
 * Who likes and favourites what: a state document per member and target (kept on unlike, with `liked:false`,
 * so its version guard survives a redelivered old like), and the lists: my likes (`<kind>:<targetId>`),
 * my favourites, a topic's likers and favouriters.
 */
export const reactionsProjection: ProjectionDefinition = {
  name: REACTIONS_PROJECTION,
  version: 1,
  topics: ['forum.like', 'forum.favourite'],
  collections: [LIKE_STATE, FAVOURITE_STATE, ID_LISTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (LikeEvent | FavouriteEvent);
    switch (event.type) {
      case 'ContentLiked':
      case 'ContentUnliked': {
        const liked = event.type === 'ContentLiked';
        const { targetKind, targetId, memberId } = event.data;
        writer.upsertVersioned(LIKE_STATE, `${targetKind}.${targetId}.${memberId}`, envelope, {
          $set: { ...event.data, liked },
        });
        const change = liked ? addToList : removeFromList;
        change(writer, 'memberLikes', memberId, envelope, `${targetKind}:${targetId}`);
        if (targetKind === 'topic') change(writer, 'topicLikers', targetId, envelope, memberId);
        return;
      }
      case 'TopicFavourited':
      case 'TopicUnfavourited': {
        const favourited = event.type === 'TopicFavourited';
        const { topicId, memberId } = event.data;
        writer.upsertVersioned(FAVOURITE_STATE, `topic.${topicId}.${memberId}`, envelope, {
          $set: { ...event.data, favourited },
        });
        const change = favourited ? addToList : removeFromList;
        change(writer, 'memberFavourites', memberId, envelope, topicId);
        change(writer, 'topicFavouriters', topicId, envelope, memberId);
        return;
      }
    }
  },
};
