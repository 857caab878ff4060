import { CalendarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';

import { useToast } from '@/shared/ui/toast';

import type { Duty } from './duties';

export const EXPORT_FAILED_MESSAGE = 'Failed to export the calendar file';

interface ExportCalendarButtonProps {
  person: { id: string; name: string };
  duties: readonly Duty[];
  /** The school's IANA time zone: timed duties' times are wall times there. */
  timeZone?: string;
  disabled?: boolean;
}

/**
 * docs/product.md#export-to-calendar: Export to Calendar downloads the person's duties as an .ics file made in the
 * browser. The builder (with the `ics` library) is loaded on the first click, not with the page.
 */
export function ExportCalendarButton({
  person,
  duties,
  timeZone,
  disabled,
}: ExportCalendarButtonProps) {
  const [exporting, setExporting] = useState(false);
  const toast = useToast();

  const exportCalendar = async () => {
    setExporting(true);
    try {
      const { downloadDutyCalendar } = await import('../lib/duty-calendar');
      downloadDutyCalendar(person, duties, timeZone);
    } catch {
      toast({ variant: 'destructive', description: EXPORT_FAILED_MESSAGE });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button
      icon={<CalendarOutlined aria-hidden />}
      loading={exporting}
      disabled={disabled || duties.length === 0}
      onClick={() => void exportCalendar()}
    >
      Export to Calendar
    </Button>
  );
}
