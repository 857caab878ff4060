import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Row,
  Space,
  Switch,
  Tooltip,
  Typography,
  type InputRef,
} from 'antd';
import { useMemo, useRef, useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { toIsoDate, today } from '@/shared/lib/dates';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useAddBankHolidaysMutation, useGetHolidaysQuery, type HolidayDto } from '../api';
import { AddHolidayCard } from '../components/add-holiday-card';
import { EditHolidayDialog } from '../components/edit-holiday-dialog';
import type { HolidayFormValues } from '../components/holiday-form-fields';
import { HolidayList } from '../components/holiday-list';

const TITLE = 'Holiday Management';

/** e.g. "Added 8 bank holidays for 2025-2026. 1 was already listed and skipped." */
export function bankHolidaysMessage(added: number, skipped: number, academicYear: string): string {
  const addedText = `Added ${added} bank ${added === 1 ? 'holiday' : 'holidays'} for ${academicYear}.`;
  const skippedText = `${skipped} ${skipped === 1 ? 'was' : 'were'} already listed and skipped.`;
  return `${addedText} ${skippedText}`;
}

function byStartDate(a: HolidayDto, b: HolidayDto): number {
  // ISO dates sort as strings.
  return a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate);
}

/** docs/product.md#holidays: Holiday Management at /holidays. */
export function HolidaysPage() {
  const canManage = useCan('holidays.manage');
  const toast = useToast();
  const { data, isLoading, isError, error, refetch } = useGetHolidaysQuery({});
  const [addBankHolidays, bankHolidaysState] = useAddBankHolidaysMutation();
  const [showPast, setShowPast] = useState(false);
  const [form] = Form.useForm<HolidayFormValues>();
  const nameRef = useRef<InputRef>(null);
  const [period, setPeriod] = useState(false);
  const [editing, setEditing] = useState<HolidayDto>();
  const [editOpen, setEditOpen] = useState(false);

  const holidays = useMemo(() => {
    const todayIso = toIsoDate(today());
    return (data ?? [])
      .filter((holiday) => showPast || holiday.endDate >= todayIso)
      .sort(byStartDate);
  }, [data, showPast]);

  const startPeriod = () => {
    setPeriod(true);
    form.setFieldValue('endDate', null);
    nameRef.current?.focus({ cursor: 'end' });
  };

  const addEnglandAndWalesBankHolidays = async () => {
    try {
      const result = await addBankHolidays({ addBankHolidaysDto: {} }).unwrap();
      toast({
        title: 'Success',
        description: bankHolidaysMessage(result.added.length, result.skipped, result.academicYear),
      });
    } catch (caught) {
      toast({
        variant: 'destructive',
        description: getServerMessage(caught) ?? 'Failed to add bank holidays',
      });
    }
  };

  const list = (
    <SectionCard
      title={showPast ? 'All Holidays' : 'Upcoming Holidays'}
      extra={
        <Space size="small">
          <Switch id="show-past-holidays" size="small" checked={showPast} onChange={setShowPast} />
          <label htmlFor="show-past-holidays">Show past</label>
        </Space>
      }
    >
      {isError ? (
        <Alert
          type="error"
          showIcon
          title="Failed to load holidays"
          description={getServerMessage(error) ?? 'Please try again.'}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <HolidayList
          holidays={holidays}
          loading={isLoading}
          canManage={canManage}
          onEdit={(holiday) => {
            setEditing(holiday);
            setEditOpen(true);
          }}
        />
      )}
    </SectionCard>
  );

  return (
    <>
      <PageTitle title={TITLE} />
      <Flex justify="space-between" align="start" wrap gap="middle">
        <div>
          <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
            {TITLE}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Manage bank holidays, half-terms, and inset days
          </Typography.Paragraph>
        </div>
        {canManage && (
          <Space wrap>
            <Tooltip title="England & Wales bank holidays for the current academic year. Ones already listed are skipped.">
              <Button
                icon={<CalendarOutlined aria-hidden />}
                loading={bankHolidaysState.isLoading}
                onClick={() => void addEnglandAndWalesBankHolidays()}
              >
                Add bank holidays
              </Button>
            </Tooltip>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={startPeriod}>
              Add Holiday Period
            </Button>
          </Space>
        )}
      </Flex>
      {canManage ? (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            {list}
          </Col>
          <Col xs={24} lg={10}>
            <AddHolidayCard
              form={form}
              nameRef={nameRef}
              period={period}
              onPeriodChange={setPeriod}
            />
          </Col>
        </Row>
      ) : (
        list
      )}
      {editing && (
        <EditHolidayDialog
          open={editOpen}
          holiday={editing}
          onClose={() => setEditOpen(false)}
          afterClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
