import { FollowReader } from '../follows/follow-reader';
import { ToggleFollowHandler } from '../follows/follow.commands';
import { FollowsController } from '../follows/follows.controller';
import { followsProjection } from '../projections/follows.projection';
import { ProfileCredentials } from './profile-credentials';
import {
  CancelAccountHandler,
  ChangeAvatarHandler,
  ChangePasswordHandler,
  ChangeProfileHandler,
} from './profile.commands';
import { ProfileController } from './profile.controller';

/** Profile, avatar, cancellation and follows: what the identity module adds for them. */
export const profileParts = {
  projections: [followsProjection],
  controllers: [ProfileController, FollowsController],
  providers: [
    ProfileCredentials,
    FollowReader,
    ChangeProfileHandler,
    ChangePasswordHandler,
    ChangeAvatarHandler,
    CancelAccountHandler,
    ToggleFollowHandler,
  ],
};
