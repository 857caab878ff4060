import { Button, Flex, Popconfirm, Tag } from 'antd';

import { useGetDutiesQuery } from '@/features/duties/api';
import { useSetWetDayMutation, type TodayBoardDto } from '@/features/rota/api';
import { getErrorMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import {
  DRY_DAY_DONE,
  MARK_DRY,
  MARK_DRY_TEXT,
  MARK_DRY_TITLE,
  MARK_WET,
  MARK_WET_TITLE,
  markWetText,
  WET_DAY,
  WET_DAY_DONE,
} from '../lib/today-texts';

/**
 * Marks the board's day wet, or dry again (docs/product.md#duties), for whoever reads the board
 * (admins, managers and the day's duty managers: the server's rule for both). The confirmation
 * names the posts that move and who will be told.
 */
export function WetDaySwitch({ board }: { board: TodayBoardDto }) {
  const duties = useGetDutiesQuery();
  const [setWetDay, saving] = useSetWetDayMutation();
  const toast = useToast();
  const wetPlaces = new Map(
    (duties.data ?? []).flatMap((d) => (d.wetPlace ? [[d.id, d.wetPlace] as const] : [])),
  );
  const moving = board.duties.filter((d) => wetPlaces.has(d.dutyId));
  const told = [...new Set(moving.flatMap((d) => d.people.map((p) => p.name)))];
  const description = markWetText(
    moving.map((d) => ({ name: d.name, wetPlace: wetPlaces.get(d.dutyId)! })),
    told,
  );

  async function change(wet: boolean) {
    try {
      await setWetDay({ setWetDayDto: { date: board.date, wet } }).unwrap();
      toast({ title: wet ? WET_DAY_DONE : DRY_DAY_DONE });
    } catch (error) {
      toast({ variant: 'destructive', description: getErrorMessage(error) });
    }
  }

  return (
    <Flex align="center" gap="small" wrap>
      {board.wet && (
        <Tag color="cyan" style={{ fontSize: 14, padding: '2px 8px', marginInlineEnd: 0 }}>
          {WET_DAY}
        </Tag>
      )}
      <Popconfirm
        title={board.wet ? MARK_DRY_TITLE : MARK_WET_TITLE}
        description={board.wet ? MARK_DRY_TEXT : description}
        okText={board.wet ? MARK_DRY : MARK_WET}
        onConfirm={() => change(!board.wet)}
      >
        <Button loading={saving.isLoading} disabled={!board.wet && !duties.data}>
          {board.wet ? MARK_DRY : MARK_WET}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
