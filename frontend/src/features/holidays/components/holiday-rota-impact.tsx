import { Alert, Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';

import { toIsoDate, type Dayjs } from '@/shared/lib/dates';

import {
  usePreviewHolidayChangeMutation,
  usePreviewHolidayMutation,
  type SaveHolidayDto,
} from '../api';

import type { HolidayFormValues } from './holiday-form-fields';

/** "1 duty", "4 duties"; "1 day", "2 days". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the server's preview says saving would do (the fields of its RotaChangeDto read here). */
interface Impact {
  removedDuties: number;
  movedDuties?: number;
  dates: string[];
}

/** The duties a save would move: those taken off its days, and those moved to keep the rota fair. */
export const dutiesMoved = (impact: Impact) => impact.removedDuties + (impact.movedDuties ?? 0);

/** "4 duties will move", "1 duty will move": the preview's heading. */
export function dutiesWillMove(n: number): string {
  return `${count(n, 'duty', 'duties')} will move`;
}

/**
 * What saving the holiday will do to the rota, said before it is saved (docs/product.md#holidays):
 * "Adding this holiday takes 4 duties off the rota, on 2 days. …".
 */
export function holidayImpactText(verb: 'Adding' | 'Saving', impact: Impact): string {
  const days = new Set(impact.dates).size;
  const moved = impact.movedDuties ?? 0;
  return (
    `${verb} this holiday takes ${count(impact.removedDuties, 'duty', 'duties')} off the rota, on ${count(days, 'day', 'days')}` +
    (moved
      ? `, and moves ${count(moved, 'other duty', 'other duties')} to keep the rota fair`
      : '') +
    '. The people concerned are told.'
  );
}

const dateOf = (value: Dayjs | null | undefined) =>
  value?.isValid() ? toIsoDate(value) : undefined;

/**
 * Under the holiday's dates: what saving it would do to the planned rota — the server's preview
 * (`POST /api/holidays/preview`, or `/api/holidays/{id}/preview` when editing), the same change and
 * repair as the save, rolled back. Nothing while the dates are incomplete, while it loads, when no
 * duty moves, or when the preview can't be had (saving still says what it did).
 */
export function HolidayRotaImpact({
  form,
  verb,
  holidayId,
}: {
  form: FormInstance<HolidayFormValues>;
  verb: 'Adding' | 'Saving';
  /** The holiday being edited; none when adding. */
  holidayId?: string;
}) {
  const start = dateOf(Form.useWatch('startDate', form));
  const end = dateOf(Form.useWatch('endDate', form));
  const name = Form.useWatch('name', form);
  const type = Form.useWatch('type', form);
  const [preview] = usePreviewHolidayMutation();
  const [previewChange] = usePreviewHolidayChangeMutation();
  const [shown, setShown] = useState<{ key: string; impact: Impact } | null>(null);

  const dto: SaveHolidayDto | undefined =
    start && end && start <= end && type
      ? { name: name?.trim() || 'Holiday', type, startDate: start, endDate: end, description: null }
      : undefined;
  const key = dto ? `${holidayId ?? ''}|${dto.type}|${dto.startDate}|${dto.endDate}` : '';

  useEffect(() => {
    if (!dto) return undefined;
    const request = holidayId
      ? previewChange({ id: holidayId, saveHolidayDto: dto })
      : preview({ saveHolidayDto: dto });
    let live = true;
    request
      .unwrap()
      .then((impact) => {
        if (live) setShown({ key, impact });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The preview depends on the dates and type only: the name is just a label.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!dto || shown?.key !== key || dutiesMoved(shown.impact) === 0) return null;
  return (
    <Alert
      role="status"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={dutiesWillMove(dutiesMoved(shown.impact))}
      description={holidayImpactText(verb, shown.impact)}
    />
  );
}
