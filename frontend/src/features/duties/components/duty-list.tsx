import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PauseOutlined,
  QrcodeOutlined,
  CaretRightOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';

import { useGetStaffGroupsQuery, useGetStaffQuery } from '@/features/staff/api';
import { getServerMessage } from '@/shared/api/errors';
import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';
import { useRevealInSteps } from '@/shared/lib/reveal-in-steps';
import { changeOutcome } from '@/shared/lib/rota-change';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { useToast } from '@/shared/ui/toast';
import { Text } from '@/shared/ui/typography';

import {
  useDeleteDutyMutation,
  useOrderDutiesMutation,
  usePauseDutyMutation,
  useResumeDutyMutation,
  type DutyDto,
} from '../api';
import { eligibilityText, movedOrder, weekdaysSummary, weightText } from '../lib/duty-summary';

export const DELETE_TITLE = 'Delete this duty?';
export const DELETE_DESCRIPTION = 'Its people are taken off it from today on; past duties stay.';

interface DutyListProps {
  /** The school's duties in its order. */
  duties: DutyDto[];
  onEdit: (duty: DutyDto) => void;
  /** After a duty was resumed: it may be planned again. */
  onResumed: (duty: DutyDto) => void;
}

/**
 * A duty point's poster (docs/product.md#duties): the rota feature's page at /rota/poster, for a
 * duty with a place.
 */
const posterPath = (dutyId: string) => `/rota/poster?duty=${encodeURIComponent(dutyId)}`;

/** The duties' rows mounted per commit (useRevealInSteps): each has up to six buttons. */
const ROWS_PER_STEP = 3;

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * docs/product.md#duties, the Duties page: each duty with its title, times, weekdays and people,
 * who may take it and its weight; Edit, Poster (a duty with a place), Move up/down (buttons, so
 * the order changes by keyboard and on a phone too), Pause/Resume and Delete. The Duty Manager
 * duty is neither paused nor deleted.
 */
export function DutyList({ duties, onEdit, onResumed }: DutyListProps) {
  const [orderDuties, orderState] = useOrderDutiesMutation();
  const [pauseDuty, pauseState] = usePauseDutyMutation();
  const [resumeDuty, resumeState] = useResumeDutyMutation();
  const [deleteDuty] = useDeleteDutyMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const shown = useRevealInSteps(duties.length, ROWS_PER_STEP);
  const listed = duties.some((duty) => duty.eligible === 'listed');
  const { data: groups } = useGetStaffGroupsQuery(undefined, { skip: !listed });
  const { data: staff } = useGetStaffQuery(undefined, { skip: !listed });
  const groupNames = useMemo(
    () => new Map((groups ?? []).map((group) => [group.id, group.name])),
    [groups],
  );
  const staffNames = useMemo(
    () => new Map((staff ?? []).map((person) => [person.id, person.name])),
    [staff],
  );

  // After a move the duty's rows change places; when it reached an end, the button just used
  // is disabled and would drop the keyboard focus, so the focus goes to the other one.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef<{ id: string; step: -1 | 1; order: string }>(undefined);
  useEffect(() => {
    // Once the list shows the new order (the duties are read again after the change).
    const last = moved.current;
    if (!last || duties.map((duty) => duty.id).join() !== last.order) return;
    moved.current = undefined;
    if (moveButtons.current.get(`${last.id}:${last.step}`)?.disabled) {
      moveButtons.current.get(`${last.id}:${-last.step}`)?.focus();
    }
  }, [duties]);
  const moveButtonRef = (id: string, step: -1 | 1) => (button: HTMLButtonElement | null) => {
    if (button) moveButtons.current.set(`${id}:${step}`, button);
    else moveButtons.current.delete(`${id}:${step}`);
  };

  const failed = (error: unknown, fallback: string) =>
    toast({ variant: 'destructive', description: getServerMessage(error) ?? fallback });

  const move = async (index: number, step: -1 | 1) => {
    const dutyIds = movedOrder(
      duties.map((duty) => duty.id),
      index,
      step,
    );
    const id = duties[index]?.id;
    if (orderState.isLoading || !id) return;
    try {
      await orderDuties({ orderDutiesDto: { dutyIds } }).unwrap();
      moved.current = { id, step, order: dutyIds.join() };
    } catch (error) {
      failed(error, 'Failed to change the order of the duties');
    }
  };

  const pause = async (duty: DutyDto) => {
    try {
      const saved = await pauseDuty({ id: duty.id }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(`Paused ${dutyTitle(duty)}`, saved.rotaChange),
      });
    } catch (error) {
      failed(error, 'Failed to pause the duty');
    }
  };

  const resume = async (duty: DutyDto) => {
    try {
      const saved = await resumeDuty({ id: duty.id }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(`Resumed ${dutyTitle(duty)}`, saved.rotaChange),
      });
      onResumed(saved.duty);
    } catch (error) {
      failed(error, 'Failed to resume the duty');
    }
  };

  const remove = async (duty: DutyDto) => {
    try {
      const deleted = await deleteDuty({ id: duty.id }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(`Deleted ${dutyTitle(duty)}`, deleted.rotaChange),
      });
    } catch (error) {
      failed(error, 'Failed to delete the duty');
    }
  };

  return (
    <ul aria-label="Duties" style={LIST_STYLE}>
      {duties.slice(0, shown).map((duty, index) => {
        const title = dutyTitle(duty);
        const busy =
          (pauseState.isLoading && pauseState.originalArgs?.id === duty.id) ||
          (resumeState.isLoading && resumeState.originalArgs?.id === duty.id);
        return (
          <li
            key={duty.id}
            aria-label={title}
            style={{
              padding: '12px 0',
              borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
            }}
          >
            <Flex justify="space-between" align="start" gap="middle" wrap>
              <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Flex align="center" gap="small" wrap>
                  <Text strong>{title}</Text>
                  {duty.paused && <Tag style={{ marginInlineEnd: 0 }}>Paused</Tag>}
                </Flex>
                <Text type="secondary">
                  {dutyTimes(duty)} · {weekdaysSummary(duty.weekdays)}
                </Text>
                <Text type="secondary">
                  {eligibilityText(duty, groupNames, staffNames)} · {weightText(duty.weight)}
                </Text>
              </Flex>
              {/* A Flex, not a Space: the same gaps without a wrapper and context per button. */}
              <Flex align="center" gap="small" wrap>
                <Button
                  ref={moveButtonRef(duty.id, -1)}
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={`Move ${title} up`}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                />
                <Button
                  ref={moveButtonRef(duty.id, 1)}
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={`Move ${title} down`}
                  disabled={index === duties.length - 1}
                  onClick={() => void move(index, 1)}
                />
                <Button
                  icon={<EditOutlined aria-hidden />}
                  aria-label={`Edit ${title}`}
                  onClick={() => onEdit(duty)}
                >
                  Edit
                </Button>
                {duty.place && (
                  // A link (it opens in a new tab too), followed in the app without a reload.
                  <Button
                    icon={<QrcodeOutlined aria-hidden />}
                    aria-label={`Poster of ${title}`}
                    href={posterPath(duty.id)}
                    onClick={(event) => {
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                        return;
                      event.preventDefault();
                      void navigate(posterPath(duty.id));
                    }}
                  >
                    Poster
                  </Button>
                )}
                {!duty.isDutyManager && (
                  <>
                    {duty.paused ? (
                      <Button
                        icon={<CaretRightOutlined aria-hidden />}
                        aria-label={`Resume ${title}`}
                        loading={busy}
                        onClick={() => void resume(duty)}
                      >
                        Resume
                      </Button>
                    ) : (
                      <Button
                        icon={<PauseOutlined aria-hidden />}
                        aria-label={`Pause ${title}`}
                        loading={busy}
                        onClick={() => void pause(duty)}
                      >
                        Pause
                      </Button>
                    )}
                    <ConfirmButton
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Delete ${title}`}
                      confirmTitle={DELETE_TITLE}
                      confirmDescription={DELETE_DESCRIPTION}
                      okText="Delete"
                      okDanger
                      deferred
                      onConfirm={() => remove(duty)}
                    />
                  </>
                )}
              </Flex>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
