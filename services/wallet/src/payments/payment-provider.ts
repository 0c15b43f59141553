/** What the wallet tells a gateway when a member starts paying. */
export interface CheckoutRequest {
  intentId: string;
  memberId: string;
  /** Integer fen. */
  amount: number;
  expiresAt: Date;
  /** Where the gateway posts its signed asynchronous notify. */
  notifyUrl: string;
  /** Where the gateway sends the member's browser afterwards: `/paymentCompleted/...`. */
  returnUrl: string;
}

/** A verified notify: what the gateway says happened to one intent. */
export type ProviderOutcome =
  | { intentId: string; status: 'paid'; amount: number; tradeNo: string }
  | { intentId: string; status: 'failed'; reason: string }
  /** An authentic notify of a trade still waiting for the payer: acknowledged, nothing booked. */
  | { intentId: string; status: 'pending' };

/** What the gateway answers when asked about an intent (reconciliation). */
export type ProviderQueryResult =
  | { status: 'paid'; amount: number; tradeNo: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending' }
  /** The gateway never saw the intent, or closed it unpaid. */
  | { status: 'closed' };

/**
 * The port every payment gateway adapter implements (the sandbox here, Alipay next). The wallet never trusts a
 * browser redirect: money is credited from `verifyNotify` (signature checked) or from `query` (the wallet asking).
 */
export interface PaymentProvider {
  readonly id: string;
  checkout(request: CheckoutRequest): Promise<{ redirectUrl: string }>;
  /** Checks the notify's signature; null when it is not authentic (nothing is credited). */
  verifyNotify(params: Record<string, string>): ProviderOutcome | null;
  /** The body the gateway expects once a notify is handled, so it stops retrying. */
  readonly acknowledgement: string;
  query(intentId: string): Promise<ProviderQueryResult>;
  /** Closes an unpaid trade so it can no longer be paid (before the intent is marked expired). */
  close(intentId: string): Promise<void>;
}

export const PAYMENT_PROVIDERS = Symbol('PaymentProviders');
