import { Alert, Flex, Form, Select, Tag, Typography, type RefSelectProps } from 'antd';
import { useMemo, type Ref } from 'react';

import { LoadError } from '@/shared/ui/load-error';

import { useGetRotaCandidatesQuery, type RotaCandidateDto } from '../api';
import {
  CANDIDATES_LOAD_ERROR,
  candidateSearchText,
  closedDayText,
  dutiesThisYearText,
  NO_CANDIDATES_TEXT,
  teachingLabel,
} from '../lib/rota-edits';

/** Who may be put on a day, as the Assign and Replace with… forms need it. */
export interface Candidates {
  /** The people on offer, fewest duties this year first; undefined until loaded. */
  list: RotaCandidateDto[] | undefined;
  /** Why nobody may be on duty that day, or null on a school day. */
  closed: string | null;
  loading: boolean;
  /** The failed load's error, or undefined. */
  error: unknown;
  retrying: boolean;
  retry: () => void;
  /** Someone can be chosen: loaded, a school day, and somebody on offer. */
  ready: boolean;
}

/**
 * The people who may be put on `date` (docs/product.md#editing-the-rota-directly): active, not
 * away and not on it already, least loaded first, from the server (`GET /api/rota/candidates`).
 */
export function useCandidates(date: string, dutyId?: string): Candidates {
  // The Duty Manager duty's candidates are asked for as the spec asks: without a duty.
  const query = useGetRotaCandidatesQuery(dutyId ? { date, dutyId } : { date });
  const data = query.currentData;
  return {
    list: data?.candidates,
    closed: data?.closed ?? null,
    loading: query.isLoading || (query.isFetching && !data),
    error: query.isError ? query.error : undefined,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
    ready: Boolean(data && !data.closed && data.candidates.length > 0),
  };
}

interface CandidateOption {
  value: string;
  /** The name: what the select shows once chosen, and each option's title. */
  label: string;
  /** What the search box matches: the name and the department. */
  search: string;
  candidate: RotaCandidateDto;
}

interface CandidateFieldProps {
  candidates: Candidates;
  requiredMessage: string;
  selectRef?: Ref<RefSelectProps>;
}

/**
 * The "Staff member" choice of the Assign and Replace with… forms: a searchable list of the
 * candidates, each with their duties this year and whether they teach. Instead of it: why nobody
 * may be on the day, that nobody is free, or that the list could not be loaded (with Retry).
 */
export function CandidateField({ candidates, requiredMessage, selectRef }: CandidateFieldProps) {
  const options = useMemo<CandidateOption[]>(
    () =>
      (candidates.list ?? []).map((candidate) => ({
        value: candidate.id,
        label: candidate.name,
        search: candidateSearchText(candidate),
        candidate,
      })),
    [candidates.list],
  );

  if (candidates.error !== undefined) {
    return (
      <LoadError
        title={CANDIDATES_LOAD_ERROR}
        error={candidates.error}
        retrying={candidates.retrying}
        onRetry={candidates.retry}
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (candidates.closed) {
    return (
      <Alert
        // The answer to what was asked, read out politely rather than as an interruption.
        role="status"
        type="warning"
        showIcon
        title={closedDayText(candidates.closed)}
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (candidates.list && candidates.list.length === 0) {
    return (
      <Alert
        role="status"
        type="info"
        showIcon
        title={NO_CANDIDATES_TEXT}
        style={{ marginBottom: 16 }}
      />
    );
  }
  return (
    <Form.Item
      label="Staff member"
      name="staffId"
      rules={[{ required: true, message: requiredMessage }]}
      extra="Who may be on duty that day, fewest duties this year first. Type to search."
    >
      <Select<string, CandidateOption>
        ref={selectRef}
        showSearch={{ optionFilterProp: 'search' }}
        placeholder="Select a staff member"
        options={options}
        loading={candidates.loading}
        notFoundContent={candidates.loading ? 'Loading…' : 'No staff member matches'}
        optionRender={(option) => <CandidateItem candidate={option.data.candidate} />}
      />
    </Form.Item>
  );
}

/** One candidate in the list: name, Teaching or Non-Teaching, department, duties this year. */
function CandidateItem({ candidate }: { candidate: RotaCandidateDto }) {
  return (
    <Flex justify="space-between" align="center" gap="small" wrap className="rota-candidate">
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text strong className="rota-candidate__name">
          {candidate.name}
        </Typography.Text>
        <Flex gap={4} align="center" wrap>
          <Tag color={candidate.isTeaching ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
            {teachingLabel(candidate.isTeaching)}
          </Tag>
          {candidate.department && (
            <Typography.Text type="secondary">{candidate.department}</Typography.Text>
          )}
        </Flex>
      </Flex>
      <Typography.Text type="secondary">
        {dutiesThisYearText(candidate.dutiesThisYear)}
      </Typography.Text>
    </Flex>
  );
}
