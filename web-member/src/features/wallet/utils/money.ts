/**
 * Money on the member site: the API answers integer fen and takes yuan text ("12.34"). The one implementation the
 * server uses too (`libs/contracts/src/wallet/money.ts`); this file keeps the features' import path.
 */
export { fenToYuan, formatFen, MAX_YUAN_DIGITS, yuanToFen } from '@contracts/wallet/money';
