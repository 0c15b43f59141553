import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { ToggleFavouriteHandler, ToggleLikeHandler } from './reaction.commands';
import { ReactionsReader } from './reaction.reader';
import { ReactionsController } from './reactions.controller';
import { reactionsProjection } from './reactions.projection';

/** The reactions part of the forum context (likes and favourites), spread into `forum.module.ts`. */
export const REACTION_PROJECTIONS: ProjectionDefinition[] = [reactionsProjection];

export const REACTION_CONTROLLERS: Type[] = [ReactionsController];

export const REACTION_PROVIDERS: Provider[] = [ReactionsReader, ToggleLikeHandler, ToggleFavouriteHandler];
