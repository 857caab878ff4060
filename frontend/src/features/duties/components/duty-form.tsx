import {
  Button,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  type InputRef,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useId, useMemo, useRef } from 'react';

import { useGetStaffGroupsQuery, useGetStaffQuery } from '@/features/staff/api';
import { getServerMessage } from '@/shared/api/errors';
import { TIME_FORMAT, type Dayjs } from '@/shared/lib/dates';
import { changeOutcome } from '@/shared/lib/rota-change';
import { ALL_WEEKDAYS, weekdayShortName } from '@/shared/lib/weekdays';
import { TimeOfDayPicker } from '@/shared/ui/time-of-day-picker';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { useToast } from '@/shared/ui/toast';

import { useCreateDutyMutation, useUpdateDutyMutation, type DutyDto } from '../api';
import {
  createDutyBody,
  DESCRIPTION_MAX,
  DUTY_MESSAGES,
  dutyFormValues,
  NAME_MAX,
  PLACE_MAX,
  updateDutyBody,
  validPeople,
  validWeight,
  type DutyDayValues,
  type DutyFormValues,
} from '../lib/duty-form-values';
import { ELIGIBILITY_LABELS } from '../lib/duty-summary';

const ELIGIBILITY_OPTIONS = (['everyone', 'teaching', 'non_teaching', 'listed'] as const).map(
  (value) => ({ value, label: ELIGIBILITY_LABELS[value] }),
);

/** The Duty Manager duty's fixed parts, said where they would be changed. */
export const DUTY_MANAGER_NOTE =
  'The Duty Manager duty runs all day on every weekday, with the duty managers per day of the system settings.';

const START_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_rule, start: Dayjs | null | undefined) =>
      !getFieldValue('allDay') && !start
        ? Promise.reject(new Error(DUTY_MESSAGES.startTime))
        : Promise.resolve(),
  }),
];

const END_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_rule, end: Dayjs | null | undefined) => {
      if (getFieldValue('allDay')) return Promise.resolve();
      if (!end) return Promise.reject(new Error(DUTY_MESSAGES.endTime));
      const start = getFieldValue('startTime') as Dayjs | null | undefined;
      return start && end.format(TIME_FORMAT) <= start.format(TIME_FORMAT)
        ? Promise.reject(new Error(DUTY_MESSAGES.timeOrder))
        : Promise.resolve();
    },
  }),
];

const DAYS_RULES = [
  {
    validator: (_rule: unknown, days: DutyDayValues[] | undefined) =>
      days?.some((day) => day.on)
        ? Promise.resolve()
        : Promise.reject(new Error(DUTY_MESSAGES.weekdays)),
  },
];

const LISTED_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_rule, groupIds: string[] | undefined) => {
      if (getFieldValue('eligible') !== 'listed') return Promise.resolve();
      const staffIds = (getFieldValue('staffIds') as string[] | undefined) ?? [];
      return (groupIds?.length ?? 0) + staffIds.length > 0
        ? Promise.resolve()
        : Promise.reject(new Error(DUTY_MESSAGES.listed));
    },
  }),
];

const WEIGHT_RULES: Rule[] = [
  {
    validator: (_rule, weight: number | null | undefined) =>
      validWeight(weight) ? Promise.resolve() : Promise.reject(new Error(DUTY_MESSAGES.weight)),
  },
];

export interface DutyFormProps {
  open: boolean;
  /** The duty being changed; a new one when absent. */
  duty?: DutyDto;
  onClose: () => void;
  afterClose?: () => void;
  /** After the server saved it: the duty as it is now, and whether it is a new one. */
  onSaved?: (duty: DutyDto, created: boolean) => void;
}

/**
 * docs/product.md#duties, the Duties page: defines a duty or changes one, in a drawer. Its rules
 * are the server's, in its words; the Duty Manager duty's name, window, weekdays and mix are
 * fixed (shown, not editable).
 */
export function DutyForm({ open, duty, onClose, afterClose, onSaved }: DutyFormProps) {
  const [form] = Form.useForm<DutyFormValues>();
  const [createDuty, createState] = useCreateDutyMutation();
  const [updateDuty, updateState] = useUpdateDutyMutation();
  const { data: groups, isLoading: groupsLoading } = useGetStaffGroupsQuery(undefined, {
    skip: !open,
  });
  const { data: staff, isLoading: staffLoading } = useGetStaffQuery(undefined, { skip: !open });
  const toast = useToast();
  const nameRef = useRef<InputRef>(null);
  const formId = useId();
  const editing = duty !== undefined;
  const fixed = duty?.isDutyManager ?? false;
  const saving = createState.isLoading || updateState.isLoading;
  const allDay = Form.useWatch('allDay', form) as boolean | undefined;
  const eligible = Form.useWatch('eligible', form) as DutyFormValues['eligible'] | undefined;
  const days = Form.useWatch('days', form) as DutyDayValues[] | undefined;

  const groupOptions = useMemo(
    () =>
      [...(groups ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((group) => ({ value: group.id, label: group.name })),
    [groups],
  );
  const staffOptions = useMemo(
    () =>
      (staff ?? [])
        .filter((person) => person.isActive)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((person) => ({ value: person.id, label: person.name })),
    [staff],
  );

  const submit = async (values: DutyFormValues) => {
    try {
      const saved = duty
        ? await updateDuty({ id: duty.id, updateDutyDto: updateDutyBody(duty, values) }).unwrap()
        : await createDuty({ createDutyDto: createDutyBody(values) }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(editing ? 'Duty saved' : 'Duty added', saved.rotaChange),
      });
      onSaved?.(saved.duty, !editing);
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description:
          getServerMessage(error) ??
          (editing ? 'Failed to save the duty' : 'Failed to add the duty'),
      });
    }
  };

  return (
    <Drawer
      open={open}
      title={editing ? `Edit ${duty.name}` : 'Add Duty'}
      size="large"
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(fixed ? null : nameRef.current);
        else afterClose?.();
      }}
      destroyOnHidden
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" form={formId} loading={saving}>
            Save
          </Button>
        </Flex>
      }
    >
      <Form<DutyFormValues>
        id={formId}
        form={form}
        name={editing ? 'edit-duty' : 'add-duty'}
        layout="vertical"
        noValidate
        disabled={saving}
        initialValues={dutyFormValues(duty)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: DUTY_MESSAGES.name },
            { max: NAME_MAX, message: DUTY_MESSAGES.nameMax },
          ]}
        >
          <Input ref={nameRef} autoComplete="off" disabled={fixed} placeholder="e.g. Lunch" />
        </Form.Item>
        <Form.Item
          label="Place"
          name="place"
          rules={[{ max: PLACE_MAX, message: DUTY_MESSAGES.placeMax }]}
        >
          <Input autoComplete="off" placeholder="e.g. Field" />
        </Form.Item>
        <Form.Item
          label="Wet-weather place"
          name="wetPlace"
          extra="Where the post moves on a wet day; leave empty if it stays put."
          rules={[{ max: PLACE_MAX, message: DUTY_MESSAGES.wetPlaceMax }]}
        >
          <Input autoComplete="off" placeholder="e.g. Hall" />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          extra="What the post involves, shown to whoever is on it."
          rules={[{ max: DESCRIPTION_MAX, message: DUTY_MESSAGES.descriptionMax }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item
          label="All day"
          name="allDay"
          valuePropName="checked"
          extra={fixed ? DUTY_MANAGER_NOTE : undefined}
        >
          <Switch disabled={fixed} />
        </Form.Item>
        {!allDay && (
          <Flex gap="middle" wrap>
            <Form.Item
              label="Start"
              name="startTime"
              rules={START_RULES}
              style={{ flex: '1 1 120px' }}
            >
              <TimeOfDayPicker />
            </Form.Item>
            <Form.Item
              label="End"
              name="endTime"
              dependencies={['startTime']}
              rules={END_RULES}
              style={{ flex: '1 1 120px' }}
            >
              <TimeOfDayPicker />
            </Form.Item>
          </Flex>
        )}
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} disabled={fixed || saving}>
          <legend style={{ fontSize: 'inherit', marginBottom: 8 }}>Weekdays and people</legend>
          <Form.List name="days" rules={DAYS_RULES}>
            {(fields, _operations, { errors }) => (
              <>
                {fields.map((field, index) => {
                  const weekday = ALL_WEEKDAYS[index] ?? index + 1;
                  const day = weekdayShortName(weekday);
                  const on = days?.[index]?.on ?? false;
                  return (
                    <Space key={field.key} align="start" size="middle">
                      <Form.Item name={[field.name, 'on']} valuePropName="checked">
                        <Checkbox disabled={fixed} style={{ minWidth: 64 }}>
                          {day}
                        </Checkbox>
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'people']}
                        rules={[
                          {
                            validator: (_rule, people: number | null | undefined) =>
                              !on || validPeople(people)
                                ? Promise.resolve()
                                : Promise.reject(new Error(DUTY_MESSAGES.people)),
                          },
                        ]}
                      >
                        <InputNumber
                          aria-label={`People on ${day}`}
                          suffix="people"
                          disabled={fixed || !on}
                          style={{ width: 140 }}
                        />
                      </Form.Item>
                    </Space>
                  );
                })}
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </fieldset>
        <Form.Item label="Who may take it" name="eligible">
          <Radio.Group aria-label="Who may take it" options={ELIGIBILITY_OPTIONS} />
        </Form.Item>
        {eligible === 'listed' && (
          <>
            <Form.Item
              label="Staff groups"
              name="groupIds"
              dependencies={['staffIds', 'eligible']}
              rules={LISTED_RULES}
            >
              <Select
                mode="multiple"
                aria-label="Staff groups"
                options={groupOptions}
                loading={groupsLoading}
                optionFilterProp="label"
                allowClear
              />
            </Form.Item>
            <Form.Item label="People" name="staffIds">
              <Select
                mode="multiple"
                aria-label="People"
                placeholder="Type a name to add someone"
                options={staffOptions}
                loading={staffLoading}
                optionFilterProp="label"
                allowClear
              />
            </Form.Item>
          </>
        )}
        <Form.Item label="Weight" name="weight" extra="Minutes by default" rules={WEIGHT_RULES}>
          <InputNumber suffix="min" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="Teaching mix applies"
          name="pairsTeaching"
          valuePropName="checked"
          style={{ marginBottom: 0 }}
        >
          <Switch disabled={fixed} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
