import { Button, Form, InputNumber, Skeleton, Switch } from 'antd';
import type { Rule } from 'antd/es/form';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';
import { Text } from '@/shared/ui/typography';

import { useGetDutyRulesQuery, useSaveDutyRulesMutation, type DutyRulesDto } from '../api';

/** The server's words (backend/src/modules/duties/dto/duty-rules.dto.ts). */
export const MAX_DUTIES_MESSAGE = 'Max duties per day must be a whole number from 1 to 5';

/** The switch's id, as antd would name it in the form `duty-rules`. */
const SWITCH_ID = 'duty-rules_allDayDutiesCount';

const MAX_RULES: Rule[] = [
  {
    validator: (_rule, value: number | null | undefined) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5
        ? Promise.resolve()
        : Promise.reject(new Error(MAX_DUTIES_MESSAGE)),
  },
];

/**
 * docs/product.md#duties, daily rules (admins): at most how many duties a person takes a day,
 * and whether the all-day Duty Manager duty counts towards it. A stricter rule may take people
 * off duties; the toast then says so.
 */
export function DutyRulesCard() {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetDutyRulesQuery();
  const [save, { isLoading: saving }] = useSaveDutyRulesMutation();
  const toast = useToast();

  const submit = async (values: DutyRulesDto) => {
    try {
      const saved = await save({ saveDutyRulesDto: values }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome('Daily rules saved', saved.rotaChange),
      });
    } catch (failure) {
      toast({
        variant: 'destructive',
        description: getServerMessage(failure) ?? 'Failed to save the daily rules',
      });
    }
  };

  return (
    <SectionCard title="Daily rules">
      {isError ? (
        <LoadError
          title="Failed to load the daily rules"
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : isLoading || !data ? (
        <div role="status" aria-label="Loading the daily rules">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : (
        <Form<DutyRulesDto>
          name="duty-rules"
          layout="vertical"
          noValidate
          disabled={saving}
          initialValues={data}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            label="At most this many duties a day"
            name="maxDutiesPerDay"
            rules={MAX_RULES}
          >
            <InputNumber style={{ width: 140 }} />
          </Form.Item>
          {/* The help text under the switch, not as `extra`: antd measures an `extra`'s height in a
              layout effect, a layout of the whole page as the card mounts
              (docs/performance.md#lighthouse). */}
          <Form.Item label="The all-day Duty Manager duty counts" htmlFor={SWITCH_ID}>
            <Form.Item name="allDayDutiesCount" valuePropName="checked" noStyle>
              <Switch id={SWITCH_ID} aria-describedby={`${SWITCH_ID}_help`} />
            </Form.Item>
            <Text
              type="secondary"
              id={`${SWITCH_ID}_help`}
              style={{ display: 'block', marginTop: 4 }}
            >
              On: the Duty Manager duty counts towards each person’s duties a day.
            </Text>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </Form>
      )}
    </SectionCard>
  );
}
