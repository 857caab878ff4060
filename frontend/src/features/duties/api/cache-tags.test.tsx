import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useGetAuditLogQuery } from '@/features/audit/api';
import { useGetSwapRequestsQuery } from '@/features/requests/api';
import { useGetRotaHealthQuery } from '@/features/rota/api';
import { useGetSystemSettingsQuery } from '@/features/settings/api';
import { callCount, renderWithProviders, stubFetch } from '@/testing/test-utils';

import { dutiesApi, useGetDutiesQuery } from '.';

const READS = {
  duties: 'GET /api/duties',
  rota: 'GET /api/rota/health',
  audit: 'GET /api/audit-log',
  requests: 'GET /api/swap-requests',
  settings: 'GET /api/system-settings',
} as const;

/** The screens that read what a change of a duty may change, open at once. */
function Readers() {
  useGetDutiesQuery();
  useGetRotaHealthQuery({});
  useGetAuditLogQuery({});
  useGetSwapRequestsQuery();
  useGetSystemSettingsQuery();
  return null;
}

const saved = { duty: {}, rotaChange: null };

async function afterChange(change: 'pause' | 'rules') {
  const fetchMock = stubFetch({
    [READS.duties]: { body: [] },
    [READS.rota]: { body: {} },
    [READS.audit]: { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    [READS.requests]: { body: [] },
    [READS.settings]: { body: {} },
    'POST /api/duties/d-1/pause': { body: saved },
    'PUT /api/duty-rules': { body: { rules: {}, rotaChange: null } },
  });
  const { store } = renderWithProviders(<Readers />);
  for (const request of Object.values(READS)) {
    await waitFor(() => expect(callCount(fetchMock, request)).toBe(1));
  }
  if (change === 'pause')
    await store.dispatch(dutiesApi.endpoints.pauseDuty.initiate({ id: 'd-1' }));
  else
    await store.dispatch(
      dutiesApi.endpoints.saveDutyRules.initiate({ saveDutyRulesDto: { maxDutiesPerDay: 1 } }),
    );
  return fetchMock;
}

describe("the duties' cache tags", () => {
  it('a change of a duty reloads the duties, the rota, the activity log and the requests', async () => {
    const fetchMock = await afterChange('pause');
    for (const request of [READS.duties, READS.rota, READS.audit, READS.requests]) {
      await waitFor(() => expect(callCount(fetchMock, request)).toBe(2));
    }
    expect(callCount(fetchMock, READS.settings)).toBe(1);
  });

  it('the daily rules reload the settings too', async () => {
    const fetchMock = await afterChange('rules');
    for (const request of Object.values(READS)) {
      await waitFor(() => expect(callCount(fetchMock, request)).toBe(2));
    }
  });
});
