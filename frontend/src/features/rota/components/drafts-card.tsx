import { FileAddOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Empty, Flex, List, Modal, Select, Skeleton, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useGetAcademicYearsQuery, useGetTermDatesQuery } from '@/features/holidays/api';
import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { formatDate, formatDateRange } from '@/shared/lib/dates';
import { AcademicYearChoice } from '@/shared/ui/academic-year-choice';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useCreateDraftMutation, useListDraftsQuery } from '../api';
import {
  planPeriod,
  PLAN_EVERY_WEEKDAY,
  TERM_DATES_MISSING_CODE,
  TERM_DATES_MISSING_TITLE,
} from '../lib/bulk-tools';
import { DRAFT_STATUS_LABELS, draftTerms, WHOLE_YEAR } from '../lib/drafts';

const STATUS_COLORS = { open: 'blue', published: 'green', discarded: 'default' } as const;

/**
 * docs/product.md#drafts, in Rota Management: "Plan as a draft" plans the academic year chosen
 * (the same period as Reshuffle) into a draft nobody else sees, then opens it; below, every draft
 * with its state, each leading to its page.
 */
export function DraftsCard() {
  const years = useGetAcademicYearsQuery();
  const [chosenYear, setChosenYear] = useState<number>();
  const academicYear = chosenYear ?? years.data?.planning;
  const year = years.data?.years.find((y) => y.academicYear === academicYear);
  const drafts = useListDraftsQuery();
  const [createDraft, creating] = useCreateDraftMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [modal, contextHolder] = Modal.useModal();
  const plan = planPeriod(year, years.data?.today);
  const terms = useGetTermDatesQuery(academicYear === undefined ? skipToken : { academicYear });
  const [termChoice, setTermChoice] = useState<string>(WHOLE_YEAR);
  const termOptions = draftTerms(terms.data?.terms ?? [], years.data?.today);
  const term = termOptions.find((t) => t.name === termChoice);
  const periodId = useId();

  const create = async (allWeekdays: boolean) => {
    try {
      const draft = await createDraft({
        createDraftDto: {
          ...(term ? { startDate: term.startDate, endDate: term.endDate } : { academicYear }),
          allWeekdays,
        },
      }).unwrap();
      toast({
        title: 'Draft planned',
        description: `${draft.name}: nobody sees it until you publish it.`,
      });
      void navigate(`/rota/drafts/${draft.id}`);
    } catch (error) {
      if (!allWeekdays && getServerCode(error) === TERM_DATES_MISSING_CODE) {
        void modal.confirm({
          title: TERM_DATES_MISSING_TITLE,
          content: getServerMessage(error),
          okText: PLAN_EVERY_WEEKDAY,
          onOk: () => create(true),
        });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Draft not planned',
        description: getServerMessage(error) ?? 'Failed to plan the draft',
      });
    }
  };

  return (
    <SectionCard
      title="Drafts"
      level={3}
      extra={
        years.data ? (
          <AcademicYearChoice
            years={years.data.years}
            value={academicYear}
            onChange={(chosen) => {
              setChosenYear(chosen);
              setTermChoice(WHOLE_YEAR);
            }}
            label="Academic year to draft"
          />
        ) : undefined
      }
    >
      {contextHolder}
      <Typography.Paragraph type="secondary">
        Plan {term ? `the ${term.label.toLowerCase()}` : plan ? plan.period : 'the academic year'}{' '}
        as a draft: staff don't see it and nobody is told until you publish it.
      </Typography.Paragraph>
      {termOptions.length > 0 && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <label htmlFor={periodId}>Days to draft</label>
          <Select
            id={periodId}
            value={termChoice}
            onChange={setTermChoice}
            style={{ minWidth: 240 }}
            options={[
              { value: WHOLE_YEAR, label: 'The whole year' },
              ...termOptions.map((t) => ({
                value: t.name,
                label: `${t.label}: ${formatDateRange(t.startDate ?? t.firstDay, t.endDate)}`,
              })),
            ]}
          />
        </Flex>
      )}
      <Button
        icon={<FileAddOutlined aria-hidden />}
        loading={creating.isLoading}
        disabled={!years.data || plan === null}
        onClick={() => void create(false)}
      >
        Plan as a draft
      </Button>
      <div style={{ marginTop: 16 }}>
        {drafts.isError && !drafts.currentData ? (
          <LoadError
            title="Failed to load the drafts"
            error={drafts.error}
            retrying={drafts.isFetching}
            onRetry={() => void drafts.refetch()}
          />
        ) : !drafts.currentData ? (
          <div role="status" aria-label="Loading the drafts">
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        ) : drafts.currentData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No drafts yet" />
        ) : (
          <List
            aria-label="Drafts"
            dataSource={drafts.currentData}
            renderItem={(draft) => (
              <List.Item key={draft.id}>
                <Flex gap={8} wrap align="center">
                  <Link to={`/rota/drafts/${draft.id}`}>{draft.name}</Link>
                  <Tag color={STATUS_COLORS[draft.status]}>{DRAFT_STATUS_LABELS[draft.status]}</Tag>
                  <Typography.Text type="secondary">
                    {draft.duties === 1 ? '1 duty' : `${draft.duties} duties`} · planned{' '}
                    {formatDate(draft.createdAt.slice(0, 10))}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </div>
    </SectionCard>
  );
}
