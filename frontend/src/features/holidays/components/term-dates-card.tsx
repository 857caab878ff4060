import { Alert, Button, Col, DatePicker, Empty, Flex, Form, Row, Skeleton, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { DATE_INPUT_FORMATS, type Dayjs } from '@/shared/lib/dates';
import { changeOutcome } from '@/shared/lib/rota-change';
import { AcademicYearChoice } from '@/shared/ui/academic-year-choice';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useGetAcademicYearsQuery,
  useGetTermDatesQuery,
  useSaveTermDatesMutation,
  type TermDatesDto,
  type TermDto,
  type TermName,
} from '../api';
import {
  halfTermSpan,
  proposalNote,
  TERM_LABELS,
  TERM_NAMES,
  termFormValues,
  termSpan,
  toTermDtos,
  type TermDatesFormValues,
} from '../lib/term-dates';

export const TERM_DATES_TITLE = 'Term Dates';

const FIELDSET_STYLE = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;
const LEGEND_STYLE = {
  color: 'inherit',
  fontSize: 16,
  fontWeight: 600,
  marginBottom: 8,
  border: 0,
} as const;
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * docs/product.md#term-dates: the Holidays screen's Term Dates, for this academic year and the
 * next, starting on the planning year (next year once this one's summer term has ended: the
 * summer is when a school sets the next year up). Whoever may manage holidays edits a year's
 * three terms and saves them at once; a year without saved terms starts from the server's
 * proposal, saying where it comes from. Everyone else reads them.
 */
export function TermDatesCard() {
  const canManage = useCan('holidays.manage');
  // The years and the one to start on are the server's (the organisation's today), never the browser's.
  const years = useGetAcademicYearsQuery();
  const [chosenYear, setChosenYear] = useState<number>();
  const year = chosenYear ?? years.data?.planning;
  const chosen = useGetTermDatesQuery(year === undefined ? skipToken : { academicYear: year });
  // `currentData`: never the other year's terms while this one loads.
  const data = chosen.currentData;
  const failed = years.isError ? years : chosen.isError ? chosen : undefined;

  let body;
  if (failed) {
    body = (
      <LoadError
        title="Failed to load term dates"
        error={failed.error}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label="Loading term dates">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (canManage) {
    body = (
      // Remounted with each year's values and after a save, so the form always starts from them.
      <TermDatesForm key={`${data.academicYear}:${JSON.stringify(data.terms)}`} year={data} />
    );
  } else {
    body = <SavedTerms year={data} />;
  }

  return (
    <SectionCard
      title={TERM_DATES_TITLE}
      extra={
        years.data && (
          <AcademicYearChoice years={years.data.years} value={year} onChange={setChosenYear} />
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Nothing is planned outside term time: before the autumn term, in the half terms, the
        Christmas and Easter holidays and after the summer term. A year without term dates counts
        every weekday as term time.
      </Typography.Paragraph>
      {body}
    </SectionCard>
  );
}

/** The year's saved terms, read-only; for whoever may not change them. */
function SavedTerms({ year }: { year: TermDatesDto }) {
  if (year.terms.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={`No term dates for ${year.label} yet`}
      />
    );
  }
  return (
    <ul aria-label={`Terms of ${year.label}`} style={LIST_STYLE}>
      {year.terms.map((term) => (
        <li key={term.name} style={{ padding: '8px 0' }}>
          <Flex vertical gap={2}>
            <Typography.Text strong>{TERM_LABELS[term.name]}</Typography.Text>
            <Typography.Text>{termSpan(term)}</Typography.Text>
            <Typography.Text type="secondary">{halfTermSpan(term)}</Typography.Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** The three terms of one year, from its saved terms or else from the proposal. */
function TermDatesForm({ year }: { year: TermDatesDto }) {
  const [saveTermDates, { isLoading }] = useSaveTermDatesMutation();
  const toast = useToast();
  const proposed = year.terms.length === 0;
  const initial = termFormValues(proposed ? year.proposal : year.terms);

  const submit = async (values: TermDatesFormValues) => {
    try {
      const saved = await saveTermDates({
        academicYear: year.academicYear,
        saveTermDatesDto: { terms: toTermDtos(values) },
      }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(`Saved the term dates of ${saved.label}`, saved.rotaChange),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to save term dates',
      });
    }
  };

  return (
    <Form<TermDatesFormValues>
      name={`term-dates-${year.academicYear}`}
      layout="vertical"
      noValidate
      disabled={isLoading}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
    >
      {proposed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`No term dates saved for ${year.label} yet`}
          description={proposalNote(year.proposalSource, year.academicYear)}
        />
      )}
      <Flex vertical gap="middle">
        {TERM_NAMES.map((name) => (
          <TermFields key={name} name={name} />
        ))}
      </Flex>
      <Flex align="center" gap="middle" wrap style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save
        </Button>
        <Typography.Text type="secondary">
          Saving takes everyone off the days outside term time from today on.
        </Typography.Text>
      </Flex>
    </Form>
  );
}

/** One term's fieldset: its first and last day and its optional half term. */
function TermFields({ name }: { name: TermName }) {
  const legendId = useId();
  const required = (message: string): Rule[] => [{ required: true, message }];
  // The server's words (docs/product.md#texts-on-screen): a half term has both dates or neither.
  const halfTermPair: Rule = ({ getFieldValue }) => ({
    validator: async () => {
      const start = getFieldValue([name, 'halfTermStart']) as Dayjs | null;
      const end = getFieldValue([name, 'halfTermEnd']) as Dayjs | null;
      if (Boolean(start) !== Boolean(end)) {
        throw new Error(`The ${name} half term needs both a start and an end date, or neither`);
      }
    },
  });

  return (
    <fieldset aria-labelledby={legendId} style={FIELDSET_STYLE}>
      <legend id={legendId} style={LEGEND_STYLE}>
        {TERM_LABELS[name]}
      </legend>
      <Row gutter={[16, 0]}>
        <Col xs={12} lg={6}>
          <DateField
            label="First day"
            path={[name, 'startDate']}
            rules={required('First day is required')}
          />
        </Col>
        <Col xs={12} lg={6}>
          <DateField
            label="Last day"
            path={[name, 'endDate']}
            rules={required('Last day is required')}
          />
        </Col>
        <Col xs={12} lg={6}>
          <DateField label="Half term first day" path={[name, 'halfTermStart']} />
        </Col>
        <Col xs={12} lg={6}>
          <DateField
            label="Half term last day"
            path={[name, 'halfTermEnd']}
            dependencies={[[name, 'halfTermStart']]}
            rules={[halfTermPair]}
          />
        </Col>
      </Row>
    </fieldset>
  );
}

interface DateFieldProps {
  label: string;
  path: [TermName, keyof TermDto];
  rules?: Rule[];
  dependencies?: [TermName, keyof TermDto][];
}

function DateField({ label, path, rules, dependencies }: DateFieldProps) {
  return (
    <Form.Item label={label} name={path} rules={rules} dependencies={dependencies}>
      <DatePicker
        format={DATE_INPUT_FORMATS}
        style={{ width: '100%' }}
        onKeyDown={confirmDateOnly}
      />
    </Form.Item>
  );
}
