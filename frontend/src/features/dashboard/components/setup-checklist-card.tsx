import { CheckCircleFilled } from '@ant-design/icons';
import { Flex, Tag, theme } from 'antd';
import { Link } from 'react-router';

import { useCan } from '@/shared/auth/access';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { Paragraph, Text } from '@/shared/ui/typography';

import { useGetSetupChecklistQuery, type SetupStepDto } from '../api';
import { isSetupStep, SETUP_CHECKLIST_PERMISSION, SETUP_STEPS } from '../lib/setup-steps';

export const CHECKLIST_TITLE = 'Get started';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const TICK_SIZE = 20;

/**
 * docs/product.md#the-first-run-checklist: on an admin's Dashboard until every step is done, the
 * six steps of setting up, in order, each ticked from the data and linking to where it is done.
 * While it loads nothing shows: it is a hint that a finished school never sees, and a placeholder
 * would flash on every admin's Dashboard.
 */
export function SetupChecklistCard() {
  const isAdmin = useCan(SETUP_CHECKLIST_PERMISSION);
  const checklist = useGetSetupChecklistQuery(undefined, { skip: !isAdmin });

  if (!isAdmin) return null;
  if (checklist.isError) {
    return (
      <SectionCard title={CHECKLIST_TITLE}>
        <LoadError
          title="Failed to load the setup checklist"
          error={checklist.error}
          retrying={checklist.isFetching}
          onRetry={() => void checklist.refetch()}
        />
      </SectionCard>
    );
  }
  const data = checklist.data;
  // A step this screen does not know (a newer server) is left out rather than shown unnamed.
  const steps = data?.steps.filter((step) => isSetupStep(step.key)) ?? [];
  if (!data || data.complete || steps.length === 0) return null;
  const done = steps.filter((step) => step.done).length;

  return (
    <SectionCard
      title={CHECKLIST_TITLE}
      extra={<Text type="secondary">{`${done} of ${steps.length} done`}</Text>}
    >
      <Paragraph type="secondary">
        {/* The year being set up: next year once this one's summer term has ended. */}
        {`Set up Duty Manager for ${data.academicYearLabel}. Each step ticks itself once it is done.`}
      </Paragraph>
      <ol aria-label="Setup steps" style={LIST_STYLE}>
        {steps.map((step, index) => (
          <StepItem key={step.key} step={step} number={index + 1} first={index === 0} />
        ))}
      </ol>
    </SectionCard>
  );
}

function StepItem({ step, number, first }: { step: SetupStepDto; number: number; first: boolean }) {
  const { token } = theme.useToken();
  const info = SETUP_STEPS[step.key];
  return (
    <li
      style={{
        padding: '10px 0',
        borderTop: first ? undefined : `1px solid ${token.colorSplit}`,
      }}
    >
      <Flex gap="middle" align="start">
        {step.done ? (
          <CheckCircleFilled
            aria-hidden
            // The success text colour: antd's success green is 2.2:1 on white.
            style={{ color: token.colorSuccessText, fontSize: TICK_SIZE, marginTop: 2 }}
          />
        ) : (
          // The step's number in an empty circle, as antd's Steps draw a step still to do.
          <span
            aria-hidden
            style={{
              flex: 'none',
              boxSizing: 'border-box',
              width: TICK_SIZE,
              height: TICK_SIZE,
              marginTop: 2,
              borderRadius: '50%',
              border: `1px solid ${token.colorTextTertiary}`,
              color: token.colorTextSecondary,
              fontSize: 12,
              lineHeight: `${TICK_SIZE - 2}px`,
              textAlign: 'center',
            }}
          >
            {number}
          </span>
        )}
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" align="baseline" gap="small" wrap>
            <Link to={info.to} style={{ fontWeight: 600 }}>
              {info.title}
            </Link>
            {step.done ? (
              <Tag color="green" style={{ marginInlineEnd: 0 }}>
                Done
              </Tag>
            ) : (
              <Tag style={{ marginInlineEnd: 0 }}>To do</Tag>
            )}
          </Flex>
          <Text type="secondary">{info.description}</Text>
        </Flex>
      </Flex>
    </li>
  );
}
