import { Button, Flex, Form, Select, type RefSelectProps } from 'antd';
import { useMemo, type RefObject } from 'react';

import { useGetStaffQuery } from '@/features/staff/api';
import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import { useCreateRotaMutation, useUpdateRotaMutation } from '../api';
import { assignmentBody, dutySlotsBody, slotLabel } from '../lib/rota-calendar';
import { ASSIGN_REQUIRED_MESSAGE } from '../lib/rota-edits';
import { staffOffDuty } from '../lib/staff-off-duty';
import type { DutySlot } from '../lib/duty-slot';
import { useConfirmOverride } from './use-confirm-override';

interface AssignValues {
  staffId?: string;
}

interface PastDayAssignFormProps {
  slot: DutySlot;
  dutyManagersPerDay: number;
  selectRef: RefObject<RefSelectProps | null>;
  onDone: () => void;
}

/**
 * Assigning a day that has passed (docs/product.md#assigning-by-hand), to record who was on duty:
 * direct edits stop at today, so this keeps the assignment by hand through `POST`/`PUT
 * /api/rota`, choosing from active staff who are not on that day already.
 */
export function PastDayAssignForm({
  slot,
  dutyManagersPerDay,
  selectRef,
  onDone,
}: PastDayAssignFormProps) {
  const staff = useGetStaffQuery();
  const [createRota, createState] = useCreateRotaMutation();
  const [updateRota, updateState] = useUpdateRotaMutation();
  const toast = useToast();
  const { send, contextHolder } = useConfirmOverride();
  const saving = createState.isLoading || updateState.isLoading;

  const options = useMemo(
    () =>
      staffOffDuty(staff.data, slot.day, dutyManagersPerDay).map((member) => ({
        value: member.id,
        label: member.name,
      })),
    [staff.data, slot.day, dutyManagersPerDay],
  );

  const submit = async ({ staffId }: AssignValues) => {
    if (!staffId) return;
    const name = options.find((option) => option.value === staffId)?.label ?? 'The staff member';
    // Another duty's slot names its duty (docs/product.md#duties); the API names at most five slots.
    const body = slot.duty
      ? { slots: dutySlotsBody(slot.position, staffId), dutyId: slot.duty.id }
      : assignmentBody(slot.day, slot.position, staffId, dutyManagersPerDay);
    try {
      const done = await send(async (override) => {
        // `override: true` only on the resend an admin confirmed.
        const sent = override ? { ...body, override: true } : body;
        if (slot.day) {
          await updateRota({ id: slot.day.id, updateRotaDayDto: sent }).unwrap();
        } else {
          await createRota({ createRotaDayDto: { date: slot.date, ...sent } }).unwrap();
        }
        return true;
      });
      if (!done) return;
      toast({
        title: 'Staff assigned',
        description: `${name} is ${slotLabel(slot.position, slot.duty?.title)} on ${formatDate(slot.date, LONG_DATE_FORMAT)}`,
      });
      onDone();
    } catch (error) {
      const code = getServerCode(error);
      const message = getServerMessage(error);
      if (code === 'duplicate_assignment') {
        toast({
          variant: 'destructive',
          title: 'Duplicate assignment',
          description: message ?? 'This staff member is already assigned to this day',
        });
      } else if (code === 'slots_full') {
        toast({
          variant: 'destructive',
          title: 'Slots full',
          description: message ?? 'All Duty Manager slots are already filled for this day',
        });
      } else {
        toast({ variant: 'destructive', description: message ?? 'Failed to assign staff member' });
      }
    }
  };

  return (
    <Form<AssignValues>
      name="assign-past-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      {contextHolder}
      {staff.isError && (
        <LoadError
          title="Failed to load staff members"
          error={staff.error}
          onRetry={() => void staff.refetch()}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Staff member"
        name="staffId"
        rules={[{ required: true, message: ASSIGN_REQUIRED_MESSAGE }]}
        extra="This day has passed: record who was on duty. Active staff who are not already on duty that day."
      >
        <Select
          ref={selectRef}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a staff member"
          options={options}
          loading={staff.isLoading}
          notFoundContent={staff.isLoading ? 'Loading…' : 'No staff members available'}
        />
      </Form.Item>
      <Flex justify="end" gap="small">
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Assign
        </Button>
      </Flex>
    </Form>
  );
}
