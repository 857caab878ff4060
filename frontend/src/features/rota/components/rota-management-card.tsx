import { ClearOutlined, FormOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { formatDate } from '@/shared/lib/dates';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useClearFutureMutation,
  useFillUnassignedMutation,
  useGetCurrentWeekQuery,
  useReshuffleFutureMutation,
  type BulkRotaResultDto,
} from '../api';

type ToolId = 'reshuffle' | 'fill' | 'clear';

interface ToolOutcome {
  successTitle: string;
  failureTitle: string;
  failureFallback: string;
}

const OUTCOMES: Record<ToolId, ToolOutcome> = {
  reshuffle: {
    successTitle: 'Reshuffle Complete',
    failureTitle: 'Reshuffle Failed',
    failureFallback: 'Failed to reshuffle future dates',
  },
  fill: {
    successTitle: 'Fill Complete',
    failureTitle: 'Fill Failed',
    failureFallback: 'Failed to fill unassigned dates',
  },
  clear: {
    successTitle: 'Rota Cleared',
    failureTitle: 'Clear Failed',
    failureFallback: 'Failed to clear rota assignments',
  },
};

/**
 * docs/product.md#bulk-tools, Admin Panel: the Rota Management section and its three bulk tools. Each asks for a
 * browser confirmation first (docs/product.md#bulk-tools). Reshuffle and fill send no end date, so the server plans
 * to the end of the academic year (31 August) in the organisation's time zone; the card only
 * reads the server's academic year to say so, never the browser's clock.
 */
export function RotaManagementCard() {
  const { data: currentWeek } = useGetCurrentWeekQuery();
  const [reshuffleFuture, reshuffleState] = useReshuffleFutureMutation();
  const [fillUnassigned, fillState] = useFillUnassignedMutation();
  const [clearFuture, clearState] = useClearFutureMutation();
  const toast = useToast();

  const running: ToolId | undefined = reshuffleState.isLoading
    ? 'reshuffle'
    : fillState.isLoading
      ? 'fill'
      : clearState.isLoading
        ? 'clear'
        : undefined;

  const academicYear = currentWeek?.academicYear;
  const period = academicYear
    ? `from tomorrow to ${formatDate(academicYear.endDate)}`
    : 'from tomorrow to the end of the academic year (31 August)';
  const yearNote = academicYear ? `, the end of academic year ${academicYear.label}` : '';

  const run = async (
    tool: ToolId,
    question: string,
    request: () => { unwrap: () => Promise<BulkRotaResultDto> },
  ) => {
    if (running || !window.confirm(question)) return;
    const outcome = OUTCOMES[tool];
    try {
      const result = await request().unwrap();
      toast({ title: outcome.successTitle, description: result.message });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: outcome.failureTitle,
        description: getServerMessage(error) ?? outcome.failureFallback,
      });
    }
  };

  const toolButton = (tool: ToolId, label: string, icon: ReactNode, onClick: () => void) => (
    <Button
      icon={icon}
      danger={tool === 'clear'}
      loading={running === tool}
      disabled={running !== undefined && running !== tool}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <SectionCard title="Rota Management">
      <Typography.Paragraph type="secondary">
        Bulk tools for the whole rota. Each asks you to confirm before it runs, and reports what it
        changed when it is done.
      </Typography.Paragraph>
      <Flex vertical gap="middle">
        <Tool
          description={`Reassign every duty slot ${period}${yearNote}, sharing duties out fairly again. Assignments already made in that period may change.`}
          button={toolButton(
            'reshuffle',
            'Reshuffle Future Dates',
            <SwapOutlined aria-hidden />,
            () =>
              void run(
                'reshuffle',
                `Reshuffle the rota ${period}? Every duty slot in that period will be reassigned, so existing assignments may change.`,
                () => reshuffleFuture({ bulkRotaDto: {} }),
              ),
          )}
        />
        <Tool
          description={`Fill only the empty duty slots ${period}. Existing assignments stay as they are.`}
          button={toolButton(
            'fill',
            'Fill Unassigned Dates',
            <FormOutlined aria-hidden />,
            () =>
              void run(
                'fill',
                `Fill the unassigned duty slots ${period}? Existing assignments will stay as they are.`,
                () => fillUnassigned({ bulkRotaDto: {} }),
              ),
          )}
        />
        <Tool
          description="Remove every assignment from today onward, leaving those days empty. Past days keep their record."
          button={toolButton(
            'clear',
            'Clear Rota Assignments',
            <ClearOutlined aria-hidden />,
            () =>
              void run(
                'clear',
                'Clear all rota assignments from today onward? Every duty from today on will be left unassigned. This cannot be undone.',
                () => clearFuture(),
              ),
          )}
        />
      </Flex>
    </SectionCard>
  );
}

function Tool({ description, button }: { description: string; button: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="small">
      <Typography.Text style={{ flex: '1 1 20rem' }}>{description}</Typography.Text>
      {button}
    </Flex>
  );
}
