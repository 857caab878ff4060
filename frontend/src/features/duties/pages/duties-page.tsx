import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { useCan } from '@/shared/auth/access';
import { useOpenedOnce } from '@/shared/lib/opened-once';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { RevealInTurn } from '@/shared/ui/reveal-in-turn';
import { SectionCard } from '@/shared/ui/section-card';
import { Paragraph, Title } from '@/shared/ui/typography';

import { useGetDutiesQuery, type DutyDto } from '../api';
import { DutyList } from '../components/duty-list';
import { FillDutyOffer } from '../components/fill-duty-offer';
import { DUTIES_INTRO, DUTIES_TITLE } from '../lib/duties-texts';

// Loaded apart from the page's first screen (the heading and the list): the form when it first
// opens, the sections below the list at their turn (RevealInTurn). Their forms, drawer and
// inputs were most of the page's own JavaScript.
const DutyForm = lazy(async () => ({
  default: (await import('../components/duty-form')).DutyForm,
}));
const DutyRulesCard = lazy(async () => ({
  default: (await import('../components/duty-rules-card')).DutyRulesCard,
}));
const TemplatePicker = lazy(async () => ({
  default: (await import('../components/template-picker')).TemplatePicker,
}));

/**
 * docs/product.md#duties, the Duties page (admins and managers): the school's duties in its
 * order, to define, change, order, pause and delete; the templates; and, for admins, the daily
 * rules; then `below`, a section of another feature's (the app's route composes it). Whoever opens
 * it holds `duties.manage` (the app guards the page).
 */
export function DutiesPage({ below }: { below?: ReactNode }) {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetDutiesQuery();
  const canSetRules = useCan('settings.manage');
  const [form, setForm] = useState<{ open: boolean; duty?: DutyDto }>({ open: false });
  // The form is mounted from its first opening on, so that it closes with its animation.
  const formUsed = useOpenedOnce(form.open);
  const openForm = (duty?: DutyDto) => setForm({ open: true, duty });
  const [toFill, setToFill] = useState<DutyDto>();

  return (
    <>
      <PageTitle title={DUTIES_TITLE} />
      <Flex justify="space-between" align="start" wrap gap="middle">
        <div>
          <Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
            {DUTIES_TITLE}
          </Title>
          <Paragraph type="secondary">{DUTIES_INTRO}</Paragraph>
        </div>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm()}>
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
            <DutyList duties={data} onEdit={openForm} onResumed={setToFill} />
          )}
        </SectionCard>
        {/* Below the list, once it has loaded (while it loads, the page is short and they would
            take their turn at once): each in a task of its own after the list's rows, when the
            list's end comes near the view. */}
        {!isLoading && (
          <>
            <RevealInTurn>
              <TemplatePicker />
            </RevealInTurn>
            {canSetRules && (
              <RevealInTurn>
                <DutyRulesCard />
              </RevealInTurn>
            )}
            {below && <RevealInTurn>{below}</RevealInTurn>}
          </>
        )}
      </Flex>
      {formUsed && (
        <Suspense>
          <DutyForm
            open={form.open}
            duty={form.duty}
            onClose={() => setForm((current) => ({ ...current, open: false }))}
            afterClose={() => setForm({ open: false })}
            onSaved={(duty, created) => {
              if (created) setToFill(duty);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
