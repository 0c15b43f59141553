import { describe, expect, it } from 'vitest';
import { providerOver } from '../../testing/provider-over';

describe('reportVerbs: deciding a report', () => {
  it('resolveReport(id, {outcome, result, remark}) posts the decision', async () => {
    const { api, dataProvider } = providerOver({
      'POST /api/moderation/staff/reports/r-7/resolve': { json: { reportId: 'r-7' } },
    });
    await dataProvider.resolveReport('r-7', { outcome: 'successful', result: 'Removed', remark: 'spam ring' });
    expect(JSON.parse(api.requests[0]!.body!)).toEqual({
      outcome: 'successful',
      result: 'Removed',
      remark: 'spam ring',
    });
  });
});
