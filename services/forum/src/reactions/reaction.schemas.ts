/** The reactions' answers are public read views in `@forum/contracts` (ADR 0047). */
export {
  favouriteState,
  likeState,
  myFavouritePage,
  myFavouriteRow,
  myLikePage,
  myLikeRow,
  reactorPage,
  reactorRow,
} from '@forum/contracts';
export type { FavouriteState, LikeState, MyFavouriteRow, MyLikeRow, ReactorRow } from '@forum/contracts';
