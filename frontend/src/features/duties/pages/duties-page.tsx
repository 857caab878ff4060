import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';

import { useCan } from '@/shared/auth/access';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetDutiesQuery, type DutyDto } from '../api';
import { DutyForm } from '../components/duty-form';
import { DutyList } from '../components/duty-list';
import { DutyRulesCard } from '../components/duty-rules-card';
import { FillDutyOffer } from '../components/fill-duty-offer';
import { TemplatePicker } from '../components/template-picker';
import { DUTIES_INTRO, DUTIES_TITLE } from '../lib/duties-texts';

/**
 * docs/product.md#duties, the Duties page (admins and managers): the school's duties in its
 * order, to define, change, order, pause and delete; the templates; and, for admins, the daily
 * rules. Whoever opens it holds `duties.manage` (the app guards the page).
 */
export function DutiesPage() {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetDutiesQuery();
  const canSetRules = useCan('settings.manage');
  const [form, setForm] = useState<{ open: boolean; duty?: DutyDto }>({ open: false });
  const [toFill, setToFill] = useState<DutyDto>();

  return (
    <>
      <PageTitle title={DUTIES_TITLE} />
      <Flex justify="space-between" align="start" wrap gap="middle">
        <div>
          <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
            {DUTIES_TITLE}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{DUTIES_INTRO}</Typography.Paragraph>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setForm({ open: true })}
        >
          Add Duty
        </Button>
      </Flex>
      <Flex vertical gap="large">
        {toFill && (
          <FillDutyOffer key={toFill.id} duty={toFill} onDone={() => setToFill(undefined)} />
        )}
        <SectionCard title="Your duties">
          {isError ? (
            <LoadError
              title="Failed to load duties"
              error={error}
              retrying={isFetching}
              onRetry={() => void refetch()}
            />
          ) : isLoading || !data ? (
            <div role="status" aria-label="Loading duties">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          ) : (
            <DutyList
              duties={data}
              onEdit={(duty) => setForm({ open: true, duty })}
              onResumed={setToFill}
            />
          )}
        </SectionCard>
        <TemplatePicker />
        {canSetRules && <DutyRulesCard />}
      </Flex>
      <DutyForm
        open={form.open}
        duty={form.duty}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
        afterClose={() => setForm({ open: false })}
        onSaved={(duty, created) => {
          if (created) setToFill(duty);
        }}
      />
    </>
  );
}
