import { ClearOutlined, FormOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useClearFutureMutation,
  useFillUnassignedMutation,
  useGetCurrentWeekQuery,
  useGetRotaHealthQuery,
  useReshuffleFutureMutation,
  type BulkRotaResultDto,
} from '../api';
import {
  planPeriod,
  PLAN_EVERY_WEEKDAY,
  SET_TERM_DATES,
  TERM_DATES_LINK,
  TERM_DATES_MISSING_CODE,
  TERM_DATES_MISSING_TITLE,
  termDatesMissingNote,
} from '../lib/bulk-tools';
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

type Run = (allWeekdays: boolean) => { unwrap: () => Promise<BulkRotaResultDto> };

/** A Fill or Reshuffle refused for want of term dates, waiting for the person to choose. */
interface TermDatesQuestion {
  tool: ToolId;
  request: Run;
  /** The server's message, naming the academic years. */
  message: string;
}

/**
 * docs/product.md#bulk-tools, Admin Panel: the Rota Management section and its three bulk tools.
 * Each asks for a browser confirmation first. Reshuffle and fill send no end date, so the server
 * plans to the end of the summer term (31 August of a year without term dates), in the
 * organisation's time zone; the card reads that day from the server's health check to say so,
 * never from the browser's clock. Over an academic year without term dates the server refuses
 * them (`term_dates_missing`), and the card asks: set the term dates, or plan every weekday.
 */
export function RotaManagementCard() {
  const { data: currentWeek } = useGetCurrentWeekQuery();
  const { data: health } = useGetRotaHealthQuery();
  const [reshuffleFuture, reshuffleState] = useReshuffleFutureMutation();
  const [fillUnassigned, fillState] = useFillUnassignedMutation();
  const [clearFuture, clearState] = useClearFutureMutation();
  const [question, setQuestion] = useState<TermDatesQuestion>();
  const [questionOpen, setQuestionOpen] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();

  const running: ToolId | undefined = reshuffleState.isLoading
    ? 'reshuffle'
    : fillState.isLoading
      ? 'fill'
      : clearState.isLoading
        ? 'clear'
        : undefined;

  const { period, endNote } = planPeriod(health, currentWeek?.academicYear);
  const missingTermDates = health?.yearsWithoutTermDates ?? [];

  const attempt = async (tool: ToolId, request: Run, allWeekdays: boolean) => {
    const outcome = OUTCOMES[tool];
    try {
      const result = await request(allWeekdays).unwrap();
      setQuestionOpen(false);
      toast({ title: outcome.successTitle, description: result.message });
    } catch (error) {
      if (!allWeekdays && getServerCode(error) === TERM_DATES_MISSING_CODE) {
        setQuestion({ tool, request, message: getServerMessage(error) ?? outcome.failureFallback });
        setQuestionOpen(true);
        return;
      }
      setQuestionOpen(false);
      toast({
        variant: 'destructive',
        title: outcome.failureTitle,
        description: getServerMessage(error) ?? outcome.failureFallback,
      });
    }
  };

  const run = (tool: ToolId, question: string, request: Run) => {
    if (running || !window.confirm(question)) return;
    void attempt(tool, request, false);
  };

  const toTermDates = (event: MouseEvent) => {
    // A real link (it opens in a new tab too); a plain click stays in the app.
    event.preventDefault();
    setQuestionOpen(false);
    void navigate(TERM_DATES_LINK);
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
      {missingTermDates.length > 0 && (
        <Alert
          role="note"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={termDatesMissingNote(missingTermDates)}
          action={<Link to={TERM_DATES_LINK}>{SET_TERM_DATES}</Link>}
        />
      )}
      <Flex vertical gap="middle">
        <Tool
          description={`Reassign every duty slot ${period}${endNote}, sharing duties out fairly again. Assignments already made in that period may change.`}
          button={toolButton(
            'reshuffle',
            'Reshuffle Future Dates',
            <SwapOutlined aria-hidden />,
            () =>
              run(
                'reshuffle',
                `Reshuffle the rota ${period}? Every duty slot in that period will be reassigned, so existing assignments may change.`,
                (allWeekdays) =>
                  reshuffleFuture({ bulkRotaDto: allWeekdays ? { allWeekdays } : {} }),
              ),
          )}
        />
        <Tool
          description={`Fill only the empty duty slots ${period}${endNote}. Existing assignments stay as they are.`}
          button={toolButton('fill', 'Fill Unassigned Dates', <FormOutlined aria-hidden />, () =>
            run(
              'fill',
              `Fill the unassigned duty slots ${period}? Existing assignments will stay as they are.`,
              (allWeekdays) => fillUnassigned({ bulkRotaDto: allWeekdays ? { allWeekdays } : {} }),
            ),
          )}
        />
        <Tool
          description="Remove every assignment from today onward, leaving those days empty. Past days keep their record."
          button={toolButton('clear', 'Clear Rota Assignments', <ClearOutlined aria-hidden />, () =>
            run(
              'clear',
              'Clear all rota assignments from today onward? Every duty from today on will be left unassigned. This cannot be undone.',
              () => clearFuture(),
            ),
          )}
        />
      </Flex>
      <Modal
        open={questionOpen}
        title={TERM_DATES_MISSING_TITLE}
        onCancel={() => setQuestionOpen(false)}
        afterClose={() => setQuestion(undefined)}
        destroyOnHidden
        footer={
          <Flex justify="end" gap="small" wrap>
            <Button onClick={() => setQuestionOpen(false)} disabled={running !== undefined}>
              Cancel
            </Button>
            <Button
              loading={question !== undefined && running === question.tool}
              onClick={() => question && void attempt(question.tool, question.request, true)}
            >
              {PLAN_EVERY_WEEKDAY}
            </Button>
            <Button type="primary" href={TERM_DATES_LINK} onClick={toTermDates}>
              {SET_TERM_DATES}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph>{question?.message}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          With term dates, the holidays between terms stay free of duties. Planning every weekday
          puts duties on every weekday {period}, except the holidays already entered.
        </Typography.Paragraph>
      </Modal>
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
