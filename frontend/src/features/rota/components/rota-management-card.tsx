import { ClearOutlined, FormOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Select, Skeleton, Typography } from 'antd';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { useGetDutiesQuery } from '@/features/duties/api';
import { useGetAcademicYearsQuery } from '@/features/holidays/api';
import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { dutyTitle } from '@/shared/lib/duty-labels';
import { AcademicYearChoice } from '@/shared/ui/academic-year-choice';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useClearFutureMutation,
  useFillUnassignedMutation,
  useRebalanceRotaMutation,
  useReshuffleFutureMutation,
  type BulkRotaResultDto,
} from '../api';
import { BulkPreviewModal, type PreviewTool } from './bulk-preview-modal';
import {
  clearPeriod,
  planPeriod,
  PLAN_EVERY_WEEKDAY,
  SET_TERM_DATES,
  TERM_DATES_LINK,
  TERM_DATES_MISSING_CODE,
  TERM_DATES_MISSING_TITLE,
  termDatesMissingNote,
} from '../lib/bulk-tools';
type ToolId = PreviewTool;
/** The card's three buttons: Reshuffle Future Dates opens Rebalance and Plan again from scratch. */
type ButtonId = 'reshuffle' | 'fill' | 'clear';

/** The search parameter that opens the Rebalance preview (the Dashboard's fairness hint links to it). */
export const PREVIEW_PARAM = 'preview';

/** The duty choice that plans every running duty together. */
const ALL_DUTIES = 'all';

interface ToolOutcome {
  successTitle: string;
  failureTitle: string;
  failureFallback: string;
}

const OUTCOMES: Record<ToolId, ToolOutcome> = {
  rebalance: {
    successTitle: 'Rebalance Complete',
    failureTitle: 'Rebalance Failed',
    failureFallback: 'Failed to rebalance the rota',
  },
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
  /** Asked while previewing: "Plan every weekday" previews again over every weekday. */
  preview?: Previewing;
}

/** A bulk tool's preview on screen (docs/product.md#bulk-tools). */
interface Previewing {
  button: ButtonId;
  initial: ToolId;
  allWeekdays: boolean;
}

/**
 * docs/product.md#bulk-tools, Admin Panel: the Rota Management section and its three bulk tools,
 * for the academic year chosen — this one or the next, starting on the planning year the server
 * names (next year once this one's summer term has ended: the summer is when a school plans the
 * year to come). Each shows its preview first (BulkPreviewModal): the reshuffle button's is
 * Rebalance, with Plan again from scratch as a warned choice. Reshuffle and fill send the year and
 * no end date, so the server plans it to the end of its summer term (31 August of a year without
 * term dates); the card reads those days from the server, never from the browser's clock. Over a
 * year without term dates the server refuses them (`term_dates_missing`), and the card asks: set
 * the term dates, or plan every weekday.
 */
export function RotaManagementCard() {
  const years = useGetAcademicYearsQuery();
  const [chosenYear, setChosenYear] = useState<number>();
  const academicYear = chosenYear ?? years.data?.planning;
  const year = years.data?.years.find((y) => y.academicYear === academicYear);
  const [reshuffleFuture, reshuffleState] = useReshuffleFutureMutation();
  const [fillUnassigned, fillState] = useFillUnassignedMutation();
  const [clearFuture, clearState] = useClearFutureMutation();
  const [rebalanceRota, rebalanceState] = useRebalanceRotaMutation();
  const [previewing, setPreviewing] = useState<Previewing>();
  const [searchParams, setSearchParams] = useSearchParams();
  const [question, setQuestion] = useState<TermDatesQuestion>();
  const [questionOpen, setQuestionOpen] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  // A school that runs more than the Duty Manager duty chooses which duties Fill and Reshuffle plan
  // (docs/product.md#duties): all of them together by default. One that doesn't sees the spec's card.
  const duties = useGetDutiesQuery();
  const manyDuties = (duties.data?.length ?? 0) > 1;
  const [dutyChoice, setDutyChoice] = useState<string>(ALL_DUTIES);
  const runningDuties = (duties.data ?? []).filter((duty) => !duty.paused);
  const dutyIds = manyDuties
    ? dutyChoice === ALL_DUTIES
      ? runningDuties.map((duty) => duty.id)
      : [dutyChoice]
    : undefined;

  const running: ToolId | undefined = rebalanceState.isLoading
    ? 'rebalance'
    : reshuffleState.isLoading
      ? 'reshuffle'
      : fillState.isLoading
        ? 'fill'
        : clearState.isLoading
          ? 'clear'
          : undefined;
  // The button a running tool belongs to: Rebalance runs from the reshuffle button.
  const runningButton: ButtonId | undefined = running === 'rebalance' ? 'reshuffle' : running;

  const plan = planPeriod(year, years.data?.today);
  const { period, endNote } = plan ?? { period: '', endNote: '' };
  const clearing = clearPeriod(year, years.data?.today);
  const missingTermDates = year && !year.hasTermDates ? [year.label] : [];
  // Nothing of the year is left to plan (its last day is today): only Clear has work.
  const nothingToPlan = plan === null;

  const attempt = async (tool: ToolId, request: Run, allWeekdays: boolean) => {
    const outcome = OUTCOMES[tool];
    try {
      const result = await request(allWeekdays).unwrap();
      setQuestionOpen(false);
      closePreview();
      toast({ title: outcome.successTitle, description: result.message });
    } catch (error) {
      if (!allWeekdays && getServerCode(error) === TERM_DATES_MISSING_CODE) {
        setQuestion({ tool, request, message: getServerMessage(error) ?? outcome.failureFallback });
        setQuestionOpen(true);
        return;
      }
      setQuestionOpen(false);
      closePreview();
      toast({
        variant: 'destructive',
        title: outcome.failureTitle,
        description: getServerMessage(error) ?? outcome.failureFallback,
      });
    }
  };

  /** What applies each tool: the year chosen, and the duties when the school chose among several. */
  const requestOf =
    (tool: ToolId): Run =>
    (allWeekdays) => {
      const bulkRotaDto = bulkRequest(academicYear, allWeekdays, dutyIds);
      if (tool === 'rebalance') return rebalanceRota({ bulkRotaDto });
      if (tool === 'reshuffle') return reshuffleFuture({ bulkRotaDto });
      if (tool === 'fill') return fillUnassigned({ bulkRotaDto });
      return clearFuture({ clearRotaDto: { academicYear } });
    };

  const openPreview = (button: ButtonId) => {
    if (running) return;
    setPreviewing({
      button,
      initial: button === 'reshuffle' ? 'rebalance' : button,
      allWeekdays: false,
    });
  };

  // The Dashboard's fairness hint links here with ?preview=rebalance: the Rebalance preview opens
  // until it is closed (closing drops the parameter).
  const wantsPreview = searchParams.get(PREVIEW_PARAM) === 'rebalance';
  const shown: Previewing | undefined =
    previewing ??
    (wantsPreview && years.data !== undefined && !nothingToPlan
      ? { button: 'reshuffle', initial: 'rebalance', allWeekdays: false }
      : undefined);
  const closePreview = () => {
    setPreviewing(undefined);
    if (wantsPreview) {
      setSearchParams(
        (params) => {
          params.delete(PREVIEW_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };

  const toTermDates = (event: MouseEvent) => {
    // A real link (it opens in a new tab too); a plain click stays in the app.
    event.preventDefault();
    setQuestionOpen(false);
    void navigate(TERM_DATES_LINK);
  };

  const toolButton = (tool: ButtonId, label: string, icon: ReactNode, onClick: () => void) => (
    <Button
      icon={icon}
      danger={tool === 'clear'}
      loading={runningButton === tool}
      disabled={
        (runningButton !== undefined && runningButton !== tool) ||
        (tool !== 'clear' && nothingToPlan)
      }
      onClick={onClick}
    >
      {label}
    </Button>
  );

  // The year matters to every tool (which days, whose fair shares): until the server has said
  // which years there are, the tools wait.
  if (years.isError) {
    return (
      <SectionCard title="Rota Management">
        <LoadError
          title="Failed to load the academic years"
          error={years.error}
          retrying={years.isFetching}
          onRetry={() => void years.refetch()}
        />
      </SectionCard>
    );
  }
  if (!years.data) {
    return (
      <SectionCard title="Rota Management">
        <div role="status" aria-label="Loading the academic years">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      </SectionCard>
    );
  }

  return (
    <SectionCard
      title="Rota Management"
      extra={
        <AcademicYearChoice
          years={years.data.years}
          value={academicYear}
          onChange={setChosenYear}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        Bulk tools for the rota of {year?.label ?? 'the academic year chosen'}, each against that
        year&apos;s fair shares and term dates. Each shows what it would change before it runs, and
        reports what it changed when it is done.
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
        {manyDuties && (
          <Flex align="center" gap="small" wrap>
            <Typography.Text id="rota-management-duties">Duties to plan</Typography.Text>
            <Select
              aria-labelledby="rota-management-duties"
              value={dutyChoice}
              onChange={setDutyChoice}
              style={{ minWidth: 220 }}
              options={[
                { value: ALL_DUTIES, label: 'All duties' },
                ...runningDuties.map((duty) => ({ value: duty.id, label: dutyTitle(duty) })),
              ]}
            />
          </Flex>
        )}
        {nothingToPlan && (
          <Typography.Text type="secondary">
            {`Nothing of ${year?.label ?? 'this year'} is left to plan: choose the next academic year.`}
          </Typography.Text>
        )}
        <Tool
          description={`Share the duties out fairly again ${period}${endNote}. You see every change first: Rebalance keeps the rota and moves only what brings everyone within one duty of their fair share; Plan again from scratch plans every slot afresh. Pinned duties are kept either way.`}
          button={toolButton(
            'reshuffle',
            'Reshuffle Future Dates',
            <SwapOutlined aria-hidden />,
            () => openPreview('reshuffle'),
          )}
        />
        <Tool
          description={`Fill only the empty duty slots ${period}${endNote}. Existing assignments stay as they are.`}
          button={toolButton('fill', 'Fill Unassigned Dates', <FormOutlined aria-hidden />, () =>
            openPreview('fill'),
          )}
        />
        <Tool
          description={`Remove every assignment ${clearing}, leaving those days empty. Past days keep their record.`}
          button={toolButton('clear', 'Clear Rota Assignments', <ClearOutlined aria-hidden />, () =>
            openPreview('clear'),
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
              onClick={() => {
                if (!question) return;
                if (question.preview) {
                  setPreviewing({ ...question.preview, allWeekdays: true });
                  setQuestionOpen(false);
                  return;
                }
                void attempt(question.tool, question.request, true);
              }}
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
      {shown && (
        <BulkPreviewModal
          open
          tool={shown.button}
          initial={shown.initial}
          request={
            shown.button === 'clear'
              ? { academicYear }
              : bulkRequest(academicYear, shown.allWeekdays, dutyIds)
          }
          manyDuties={manyDuties}
          applying={running !== undefined}
          onApply={(tool) => void attempt(tool, requestOf(tool), shown.allWeekdays)}
          onCancel={() => {
            if (running === undefined) closePreview();
          }}
          onTermDatesMissing={(tool, message) => {
            setQuestion({
              tool,
              request: requestOf(tool),
              message,
              preview: { ...shown, initial: tool },
            });
            closePreview();
            setQuestionOpen(true);
          }}
        />
      )}
    </SectionCard>
  );
}

/** What Fill and Reshuffle send: the year chosen, every weekday only when asked, and the duties when the school chose among several. */
function bulkRequest(
  academicYear: number | undefined,
  allWeekdays: boolean,
  dutyIds: string[] | undefined,
) {
  return { academicYear, ...(allWeekdays ? { allWeekdays } : {}), ...(dutyIds ? { dutyIds } : {}) };
}

function Tool({ description, button }: { description: string; button: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="small">
      <Typography.Text style={{ flex: '1 1 20rem' }}>{description}</Typography.Text>
      {button}
    </Flex>
  );
}
