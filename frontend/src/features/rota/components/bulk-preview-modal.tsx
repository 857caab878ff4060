import { Alert, Button, Flex, Modal, Radio, Skeleton, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { formatDate } from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';

import { usePreviewBulkToolMutation, type BulkChangeDto, type BulkPreviewResultDto } from '../api';
import { TERM_DATES_MISSING_CODE } from '../lib/bulk-tools';

/** The tools a preview shows: Rebalance and Plan again from scratch share the reshuffle button. */
export type PreviewTool = 'rebalance' | 'reshuffle' | 'fill' | 'clear';

/** The period and duties the tool would run on, as the card sends them. */
export interface PreviewRequest {
  academicYear?: number;
  allWeekdays?: boolean;
  dutyIds?: string[];
}

const TITLES: Record<PreviewTool, string> = {
  rebalance: 'Reshuffle Future Dates',
  reshuffle: 'Reshuffle Future Dates',
  fill: 'Fill Unassigned Dates',
  clear: 'Clear Rota Assignments',
};

/** The button that applies what the preview shows. */
export const APPLY_LABELS: Record<PreviewTool, string> = {
  rebalance: 'Rebalance',
  reshuffle: 'Plan again from scratch',
  fill: 'Fill the empty slots',
  clear: 'Clear the assignments',
};

export const PLAN_AGAIN_WARNING =
  'Plans every duty slot in the period afresh: many duties may move, and everyone whose duties change is told. Pinned duties (approved swaps, covers and changes made by hand) are kept.';

export const CLEAR_WARNING =
  'Every duty listed is left unassigned, and everyone taken off a duty is told. This cannot be undone.';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "8 changes for 6 people". */
export function changesSummary(changes: number, people: number): string {
  return `${plural(changes, 'change')} for ${plural(people, 'person', 'people')}`;
}

const gapText = (gap: number) => gap.toFixed(2).replace(/\.?0+$/, '');

interface Props {
  open: boolean;
  /** What the button opened: the reshuffle button offers Rebalance (default) and Plan again from scratch. */
  tool: 'reshuffle' | 'fill' | 'clear';
  /** The tool first shown (Rebalance for the reshuffle button, unless asked otherwise). */
  initial?: PreviewTool;
  request: PreviewRequest;
  /** Whether the school runs more than one duty: then each change names its duty. */
  manyDuties: boolean;
  /** The apply is running. */
  applying: boolean;
  onApply: (tool: PreviewTool) => void;
  onCancel: () => void;
  /** The period has an academic year without term dates: the card asks what to do. */
  onTermDatesMissing: (tool: PreviewTool, message: string) => void;
}

/**
 * docs/product.md#bulk-tools: what a bulk tool would change, slot by slot, before it runs — the
 * server's own computation (`POST /api/rota/preview`), so what it lists is what the tool then does.
 * The reshuffle button's preview is Rebalance by default; "Plan again from scratch" is the old
 * reshuffle, with a warning.
 */
export function BulkPreviewModal({
  open,
  tool,
  initial,
  request,
  manyDuties,
  applying,
  onApply,
  onCancel,
  onTermDatesMissing,
}: Props) {
  const [choice, setChoice] = useState<PreviewTool>(
    initial ?? (tool === 'reshuffle' ? 'rebalance' : tool),
  );
  const chosen: PreviewTool = tool === 'reshuffle' ? choice : tool;
  const [preview, state] = usePreviewBulkToolMutation();
  const [attempt, setAttempt] = useState(0);
  const requestKey = JSON.stringify(request);

  useEffect(() => {
    if (!open) return;
    const body =
      chosen === 'clear'
        ? { tool: chosen, academicYear: request.academicYear }
        : { tool: chosen, ...request };
    preview({ bulkPreviewDto: body })
      .unwrap()
      .catch((error: unknown) => {
        if (getServerCode(error) === TERM_DATES_MISSING_CODE)
          onTermDatesMissing(chosen, getServerMessage(error) ?? '');
      });
    // The request is compared by value: the card builds a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, chosen, requestKey, attempt]);

  const result = state.originalArgs?.bulkPreviewDto.tool === chosen ? state.data : undefined;
  const loading = state.isLoading || (!state.isError && !result);
  const danger = chosen === 'clear' || chosen === 'reshuffle';

  return (
    <Modal
      open={open}
      title={TITLES[chosen]}
      onCancel={onCancel}
      destroyOnHidden
      width={720}
      footer={
        <Flex justify="end" gap="small" wrap>
          <Button onClick={onCancel} disabled={applying}>
            Cancel
          </Button>
          <Button
            type="primary"
            danger={danger}
            loading={applying}
            disabled={loading || state.isError || !result || result.changes.length === 0}
            onClick={() => onApply(chosen)}
          >
            {APPLY_LABELS[chosen]}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        {tool === 'reshuffle' && (
          <Radio.Group
            aria-label="How to reshuffle"
            value={choice}
            onChange={(event) => setChoice(event.target.value as PreviewTool)}
            disabled={applying}
          >
            <Flex vertical gap="small">
              <Radio value="rebalance">
                <strong>Rebalance</strong> (recommended): keep the rota, fill the empty slots and
                move only the duties needed to bring everyone within one duty of their fair share.
              </Radio>
              <Radio value="reshuffle">
                <strong>Plan again from scratch</strong>: every duty slot in the period is planned
                afresh.
              </Radio>
            </Flex>
          </Radio.Group>
        )}
        {chosen === 'reshuffle' && <Alert type="warning" showIcon title={PLAN_AGAIN_WARNING} />}
        {chosen === 'clear' && <Alert type="warning" showIcon title={CLEAR_WARNING} />}
        {state.isError && getServerCode(state.error) !== TERM_DATES_MISSING_CODE ? (
          <LoadError
            title="Failed to load the preview"
            error={state.error}
            retrying={state.isLoading}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : loading ? (
          <div role="status" aria-label="Loading the preview">
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ) : result ? (
          <PreviewBody result={result} manyDuties={manyDuties} />
        ) : null}
      </Flex>
    </Modal>
  );
}

function PreviewBody({
  result,
  manyDuties,
}: {
  result: BulkPreviewResultDto;
  manyDuties: boolean;
}) {
  if (result.changes.length === 0) {
    return <Typography.Paragraph role="note">{result.message}</Typography.Paragraph>;
  }
  const person = (p: BulkChangeDto['from']) => p?.name ?? 'nobody';
  return (
    <Flex vertical gap="small">
      <Typography.Text strong>
        {changesSummary(result.changes.length, result.people)}
      </Typography.Text>
      {result.largestGap && (
        <Typography.Text>
          Largest gap to a fair share: {gapText(result.largestGap.before)} →{' '}
          {gapText(result.largestGap.after)} {result.largestGap.after === 1 ? 'duty' : 'duties'}
        </Typography.Text>
      )}
      {result.unfilledSlots > 0 && (
        <Typography.Text type="secondary">{`${plural(result.unfilledSlots, 'slot')} would stay empty: nobody is available.`}</Typography.Text>
      )}
      <Table<BulkChangeDto & { key: string }>
        size="small"
        aria-label="Changes"
        dataSource={result.changes.map((c) => ({
          ...c,
          key: `${c.date}-${c.dutyId}-${c.position}`,
        }))}
        pagination={result.changes.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: true }}
        columns={[
          { title: 'Date', dataIndex: 'date', render: (date: string) => formatDate(date) },
          ...(manyDuties ? [{ title: 'Duty', dataIndex: 'dutyName' }] : []),
          {
            title: 'Change',
            key: 'change',
            render: (_: unknown, c: BulkChangeDto) => `${person(c.from)} → ${person(c.to)}`,
          },
        ]}
      />
    </Flex>
  );
}
