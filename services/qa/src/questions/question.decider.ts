import { streamId } from '@forum/contracts';
import type { QuestionEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export const questionStream = (questionId: string) => streamId('question', questionId);

export interface QuestionState {
  asked: boolean;
  askerId: string | null;
  deleted: boolean;
  tagIds: string[];
  /** Whether the asking froze a bounty (cash, points or both) in the wallet. */
  hasBounty: boolean;
  adopted: { answerId: string; answererId: string; answererIsStaff: boolean } | null;
  /** Adoptions so far (cancelled ones included): the current or next adoption's round. */
  round: number;
}

/** Who acts: staff may act on any question; members on their own only. */
export interface Actor {
  by: string;
  byStaff: boolean;
  now: Date;
}

export type QuestionCommand =
  | {
      type: 'AskQuestion';
      questionId: string;
      askerId: string;
      title: string;
      content: string;
      tagIds: string[];
      bountyAmount: number;
      bountyPoints: number;
      mentions: string[];
      isStaff: boolean;
      now: Date;
    }
  | ({ type: 'EditQuestion'; title: string; content: string; tagIds: string[]; mentions: string[] } & Actor)
  | ({ type: 'AppendAddendum'; addendumId: string; content: string } & Actor)
  | ({ type: 'DeleteQuestion' } & Actor)
  | ({ type: 'AdoptAnswer'; answerId: string; answererId: string; answererIsStaff: boolean } & Actor)
  | ({ type: 'CancelAdoption' } & Actor);

const initialState = (): QuestionState => ({
  asked: false,
  askerId: null,
  deleted: false,
  tagIds: [],
  hasBounty: false,
  adopted: null,
  round: 0,
});

function requireLive(state: QuestionState, actor: Actor, staffOnly = false): void {
  if (!state.asked || state.deleted) throw new DomainError('qa.question_not_found');
  if (!actor.byStaff && (staffOnly || actor.by !== state.askerId)) throw new DomainError('auth.forbidden');
}

/**
 * A question's life (docs/rules/qa.md): asked, edited, appended to, deleted; one answer adopted by the asker or staff,
 * and staff may cancel the adoption. Adopting the answer already adopted appends nothing (a second tab, a retry),
 * another answer is refused: the question's stream decides who wins a race, the wallet pays that one.
 */
export const questionDecider: Decider<QuestionState, QuestionCommand & { questionId?: string }, QuestionEvent> = {
  name: 'question',
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'QuestionAsked':
        return {
          ...state,
          asked: true,
          askerId: event.data.askerId,
          tagIds: event.data.tagIds,
          hasBounty: event.data.bountyAmount + event.data.bountyPoints > 0,
        };
      case 'QuestionDeleted':
        return { ...state, deleted: true };
      case 'QuestionRestored':
        // Deleted without an adopted answer, the bounty was refunded then: it does not come back.
        return { ...state, deleted: false, hasBounty: state.adopted ? state.hasBounty : false };
      case 'AnswerAdopted': {
        const { answerId, answererId, answererIsStaff, round } = event.data;
        return { ...state, adopted: { answerId, answererId, answererIsStaff }, round };
      }
      case 'AdoptionCancelled':
        return { ...state, adopted: null };
      case 'QuestionEdited':
        return { ...state, tagIds: event.data.tagIds };
      case 'QuestionAddendumAppended':
        return state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state): QuestionEvent[] {
    const at = command.now.toISOString();
    if (command.type === 'AskQuestion') {
      if (state.asked) return [];
      const { questionId, askerId, content, bountyAmount, bountyPoints, mentions, isStaff } = command;
      const data = {
        questionId,
        askerId,
        title: command.title.trim(),
        content,
        tagIds: [...new Set(command.tagIds)],
        bountyAmount,
        bountyPoints,
        mentions,
        isStaff,
        askedAt: at,
      };
      return [{ type: 'QuestionAsked', data }];
    }
    const questionId = command.questionId!;
    switch (command.type) {
      case 'EditQuestion': {
        requireLive(state, command);
        const { title, content, tagIds, mentions, by } = command;
        const data = {
          questionId,
          title: title.trim(),
          content,
          tagIds: [...new Set(tagIds)],
          mentions,
          by,
          editedAt: at,
        };
        return [{ type: 'QuestionEdited', data }];
      }
      case 'AppendAddendum':
        requireLive(state, command);
        return [
          {
            type: 'QuestionAddendumAppended',
            data: { questionId, addendumId: command.addendumId, content: command.content, appendedAt: at },
          },
        ];
      case 'DeleteQuestion':
        requireLive(state, command);
        return [
          { type: 'QuestionDeleted', data: { questionId, askerId: state.askerId!, by: command.by, deletedAt: at } },
        ];
      case 'AdoptAnswer': {
        requireLive(state, command);
        if (state.adopted) {
          if (state.adopted.answerId === command.answerId) return [];
          throw new DomainError('qa.already_adopted');
        }
        if (command.answererId === state.askerId) throw new DomainError('qa.cannot_adopt_own_answer');
        const { answerId, answererId, answererIsStaff, by } = command;
        const data = { questionId, answerId, answererId, answererIsStaff, round: state.round + 1, by, adoptedAt: at };
        return [{ type: 'AnswerAdopted', data }];
      }
      case 'CancelAdoption': {
        requireLive(state, command, true);
        if (!state.adopted) throw new DomainError('qa.not_adopted');
        const data = {
          questionId,
          answerId: state.adopted.answerId,
          round: state.round,
          by: command.by,
          cancelledAt: at,
        };
        return [{ type: 'AdoptionCancelled', data }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
