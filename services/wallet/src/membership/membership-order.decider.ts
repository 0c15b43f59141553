import { streamId } from '@forum/contracts';
import type { MembershipOrderEvent, MembershipOrderSnapshot } from '@forum/contracts';
import { Decider } from '@forum/event-store';

export const orderStream = (orderId: string) => streamId('membershipOrder', orderId);

export interface MembershipOrderState {
  status: 'none' | 'placed' | 'cancelled' | 'paid';
  order: MembershipOrderSnapshot | null;
  paidAt: string | null;
  granted: boolean;
  validUntil: string | null;
}

export type MembershipOrderCommand =
  | { type: 'Place'; order: MembershipOrderSnapshot }
  | { type: 'Cancel'; reason: string; at: string }
  | { type: 'Pay'; paidAt: string }
  | { type: 'RecordGrant'; validUntil: string | null };

/**
 * One purchase: placed (its unit of stock is taken) → paid, or → cancelled (payment refused, unit given back);
 * then the role grant is recorded. Every step repeated is a no-op, so the request and the healing reactor may
 * both drive it.
 */
export const membershipOrderDecider: Decider<MembershipOrderState, MembershipOrderCommand, MembershipOrderEvent> = {
  name: 'membershipOrder',
  initialState: () => ({ status: 'none', order: null, paidAt: null, granted: false, validUntil: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'MembershipOrderPlaced':
        return { ...state, status: 'placed', order: event.data };
      case 'MembershipOrderCancelled':
        return { ...state, status: 'cancelled' };
      case 'MembershipPurchased':
        return { ...state, status: 'paid', paidAt: event.data.paidAt };
      case 'MembershipRoleGranted':
        return { ...state, granted: true, validUntil: event.data.validUntil };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    const order = state.order;
    switch (command.type) {
      case 'Place':
        return state.status === 'none' ? [{ type: 'MembershipOrderPlaced', data: command.order }] : [];
      case 'Cancel':
        if (state.status !== 'placed') return [];
        return [
          {
            type: 'MembershipOrderCancelled',
            data: { orderId: order!.orderId, memberId: order!.memberId, reason: command.reason, at: command.at },
          },
        ];
      case 'Pay':
        if (state.status !== 'placed') return [];
        return [{ type: 'MembershipPurchased', data: { ...order!, paidAt: command.paidAt } }];
      case 'RecordGrant':
        if (state.status !== 'paid' || state.granted) return [];
        return [
          {
            type: 'MembershipRoleGranted',
            data: {
              orderId: order!.orderId,
              memberId: order!.memberId,
              orderNumber: order!.orderNumber,
              roleId: order!.roleId,
              validUntil: command.validUntil,
            },
          },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
