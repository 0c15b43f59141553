/**
 * The wallet (the feature's public entry): the member's balance (and its query key), a topic's red envelope as
 * readers see it, and the envelope fields of the topic editor.
 */
export { useMyWallet, WALLET_KEY } from './api/wallet';
export type { EnvelopeInput } from './api/types';
export { EnvelopeCard } from './components/envelope-card';
export { EnvelopeFields, ENVELOPE_SERVER_FIELDS, useEnvelopeDraft } from './components/envelope-fields';
