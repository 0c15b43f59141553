import { streamId } from '@forum/contracts';
import type { QuestionMarkEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

export const questionMarkStream = (questionId: string, memberId: string) =>
  streamId('questionMark', `${questionId}_${memberId}`);

export interface QuestionMarkState {
  liked: boolean;
  favourited: boolean;
}

export interface SetQuestionMark {
  questionId: string;
  memberId: string;
  mark: 'like' | 'favourite';
  on: boolean;
  now: Date;
}

/** One member's like and favourite of one question: setting what is already set appends nothing. */
export const questionMarkDecider: Decider<QuestionMarkState, SetQuestionMark, QuestionMarkEvent> = {
  name: 'questionMark',
  initialState: () => ({ liked: false, favourited: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'QuestionLiked':
        return { ...state, liked: true };
      case 'QuestionUnliked':
        return { ...state, liked: false };
      case 'QuestionFavourited':
        return { ...state, favourited: true };
      case 'QuestionUnfavourited':
        return { ...state, favourited: false };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    const current = command.mark === 'like' ? state.liked : state.favourited;
    if (current === command.on) return [];
    const data = { questionId: command.questionId, memberId: command.memberId, at: command.now.toISOString() };
    const type =
      command.mark === 'like'
        ? command.on
          ? 'QuestionLiked'
          : 'QuestionUnliked'
        : command.on
          ? 'QuestionFavourited'
          : 'QuestionUnfavourited';
    return [{ type, data }];
  },
};
