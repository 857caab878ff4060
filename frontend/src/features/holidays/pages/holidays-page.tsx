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
  Tabs,
  Typography,
  type InputRef,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { toIsoDate, today } from '@/shared/lib/dates';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetHolidaysQuery, type HolidayDto } from '../api';
import { AddHolidayCard } from '../components/add-holiday-card';
import { BankHolidaysDialog } from '../components/bank-holidays-dialog';
import { EditHolidayDialog } from '../components/edit-holiday-dialog';
import type { HolidayFormValues } from '../components/holiday-form-fields';
import { HolidayList } from '../components/holiday-list';
import { TermDatesCard } from '../components/term-dates-card';

const TITLE = 'Holiday Management';

/**
 * The tabs, and the address of each: /holidays#term-dates opens Term Dates (the first-run
 * checklist links there), anything else the holidays.
 */
type HolidaysTab = 'holidays' | 'term-dates';
const TERM_DATES_HASH = '#term-dates';

function byStartDate(a: HolidayDto, b: HolidayDto): number {
  // ISO dates sort as strings.
  return a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate);
}

/** docs/product.md#holidays: Holiday Management at /holidays. */
export function HolidaysPage() {
  const canManage = useCan('holidays.manage');
  const { data, isLoading, isError, error, refetch } = useGetHolidaysQuery({});
  const [bankHolidaysOpen, setBankHolidaysOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const tab: HolidaysTab = location.hash === TERM_DATES_HASH ? 'term-dates' : 'holidays';
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

  const showTab = (next: HolidaysTab) =>
    void navigate({ hash: next === 'term-dates' ? TERM_DATES_HASH : '' }, { replace: true });

  // "Add Holiday Period" from the Term Dates tab: the name field takes the focus once the
  // holidays show again.
  const focusNameOnShow = useRef(false);
  useEffect(() => {
    if (tab !== 'holidays' || !focusNameOnShow.current) return;
    focusNameOnShow.current = false;
    nameRef.current?.focus({ cursor: 'end' });
  }, [tab]);

  const startPeriod = () => {
    setPeriod(true);
    form.setFieldValue('endDate', null);
    if (tab === 'holidays') {
      nameRef.current?.focus({ cursor: 'end' });
    } else {
      focusNameOnShow.current = true;
      showTab('holidays');
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
            <Button
              icon={<CalendarOutlined aria-hidden />}
              onClick={() => setBankHolidaysOpen(true)}
            >
              Add bank holidays
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={startPeriod}>
              Add Holiday Period
            </Button>
          </Space>
        )}
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => showTab(key as HolidaysTab)}
        items={[
          {
            key: 'holidays',
            label: 'Holidays',
            // Rendered while Term Dates shows too: "Add Holiday Period" fills in its form.
            forceRender: true,
            children: canManage ? (
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
            ),
          },
          { key: 'term-dates', label: 'Term Dates', children: <TermDatesCard /> },
        ]}
      />
      {canManage && (
        <BankHolidaysDialog open={bankHolidaysOpen} onClose={() => setBankHolidaysOpen(false)} />
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
