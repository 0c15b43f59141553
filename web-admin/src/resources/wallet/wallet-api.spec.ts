import { describe, expect, it } from 'vitest';
import { providerOver } from '../../testing/provider-over';

describe('balanceVerbs: a staff adjustment', () => {
  it('adjustBalance(memberId, {amountFen, reason}) posts integer fen, with a caller-chosen idempotency key', async () => {
    const { api, dataProvider } = providerOver({
      'POST /api/wallet/accounts/m-1/adjustments': { json: { entryId: 'e-1' } },
    });
    await dataProvider.adjustBalance(
      'm-1',
      { amountFen: -1250, reason: 'Refund of a duplicate charge' },
      { idempotencyKey: 'retry-me' },
    );
    expect(JSON.parse(api.requests[0]!.body!)).toEqual({ amountFen: -1250, reason: 'Refund of a duplicate charge' });
    expect(api.requests[0]!.headers['idempotency-key']).toBe('retry-me');
  });
});
