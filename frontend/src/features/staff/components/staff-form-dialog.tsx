import { Checkbox, Form, Input, Modal, Radio, type InputRef } from 'antd';
import { useRef } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { trimmed, trimmedOrNull } from '@/shared/lib/text';
import { ALL_WEEKDAYS } from '@/shared/lib/weekdays';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { useToast } from '@/shared/ui/toast';

import { useCreateStaffMutation, useUpdateStaffMutation } from '../api';
import type { StaffRecord } from '../lib/staff-record';
import { WorkingPatternFields } from './working-pattern-fields';

interface StaffFormValues {
  name: string;
  email: string;
  department?: string;
  isTeaching: boolean;
  invite: boolean;
  workingDays: number[];
  fte: number | null;
  weeklyCap: number | null;
  avoidDays: number[];
}

const STAFF_TYPE_OPTIONS = [
  { value: true, label: 'Teaching' },
  { value: false, label: 'Non-Teaching' },
];

/** Emails never contain spaces; stray ones from pasting are dropped as typed. */
function withoutSpaces(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : value;
}

function initialValues(staff: StaffRecord | undefined): StaffFormValues {
  return {
    name: staff?.name ?? '',
    email: staff?.email ?? '',
    department: staff?.department ?? '',
    isTeaching: staff?.isTeaching ?? true,
    invite: false,
    workingDays: staff?.workingDays ?? [...ALL_WEEKDAYS],
    fte: staff?.fte ?? null,
    weeklyCap: staff?.weeklyCap ?? null,
    avoidDays: staff?.avoidDays ?? [],
  };
}

/**
 * The working pattern as the API takes it (docs/product.md#working-patterns): weekdays sorted,
 * empty numbers as null (the defaults), and only days to avoid that are still worked.
 */
function patternFields(values: StaffFormValues) {
  const workingDays = [...values.workingDays].sort((a, b) => a - b);
  return {
    workingDays,
    fte: values.fte ?? null,
    weeklyCap: values.weeklyCap ?? null,
    avoidDays: values.avoidDays.filter((day) => workingDays.includes(day)).sort((a, b) => a - b),
  };
}

/** Someone can be (re-)invited while they are active and have not chosen a password yet. */
function canInvite(staff: StaffRecord | undefined): boolean {
  return staff === undefined || (staff.isActive && staff.inviteStatus !== 'active');
}

interface StaffFormDialogProps {
  open: boolean;
  /** The person being edited; none to add someone. */
  staff?: StaffRecord;
  onClose: () => void;
  /** Called once the dialog has finished closing, e.g. to forget who was edited. */
  afterClose?: () => void;
}

/** docs/product.md#accounts-and-sign-in: the Add Staff Member and Edit Staff Member dialogs. */
export function StaffFormDialog({ open, staff, onClose, afterClose }: StaffFormDialogProps) {
  const [createStaff, createState] = useCreateStaffMutation();
  const [updateStaff, updateState] = useUpdateStaffMutation();
  const toast = useToast();
  const nameRef = useRef<InputRef>(null);
  const [form] = Form.useForm<StaffFormValues>();
  const editing = staff !== undefined;
  const saving = createState.isLoading || updateState.isLoading;

  const submit = async (values: StaffFormValues) => {
    const fields = {
      name: trimmed(values.name),
      email: trimmed(values.email),
      department: trimmedOrNull(values.department),
      isTeaching: values.isTeaching,
      ...patternFields(values),
    };
    try {
      if (staff) {
        const saved = await updateStaff({
          id: staff.id,
          updateStaffDto: { ...fields, ...(values.invite && { invite: true }) },
        }).unwrap();
        const requested = fields.email.toLowerCase();
        // Someone who signs in keeps their email until the new address confirms it.
        const pending = requested !== staff.email && saved.email !== requested;
        // Fewer working days or a lower cap take them off duties that no longer fit: the server
        // says which (docs/product.md#the-rota-stays-true).
        toast({
          title: 'Success',
          description: pending
            ? `Staff member updated. ${requested} has been sent a link to confirm the new sign-in email; it changes once they confirm it.`
            : changeOutcome('Staff member updated successfully', saved.rotaChange),
        });
      } else {
        await createStaff({ createStaffDto: { ...fields, invite: values.invite } }).unwrap();
        toast({ title: 'Success', description: 'Staff member added successfully' });
      }
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description:
          getServerMessage(error) ??
          (editing ? 'Failed to update staff member' : 'Failed to add staff member'),
      });
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Staff Member' : 'Add Staff Member'}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onCancel={onClose}
      afterClose={afterClose}
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(nameRef.current);
      }}
      destroyOnHidden
      // The form wraps the whole dialog so that the footer's Save button submits it and Enter in
      // any field does too (antd's "form in modal" pattern).
      modalRender={(dialog) => (
        <Form<StaffFormValues>
          form={form}
          name={editing ? 'edit-staff' : 'add-staff'}
          layout="vertical"
          noValidate
          disabled={saving}
          initialValues={initialValues(staff)}
          onValuesChange={(changed: Partial<StaffFormValues>, all: StaffFormValues) => {
            // Days to avoid are some of the working days: one no longer worked is dropped.
            if (changed.workingDays) {
              const kept = all.avoidDays.filter((day) => changed.workingDays?.includes(day));
              if (kept.length !== all.avoidDays.length) form.setFieldValue('avoidDays', kept);
            }
          }}
          onFinish={(values) => void submit(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Name is required' },
          { max: 100, message: 'Name must be at most 100 characters' },
        ]}
      >
        <Input ref={nameRef} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        validateFirst
        normalize={withoutSpaces}
        rules={[
          { required: true, message: 'Email is required' },
          { type: 'email', message: 'Please enter a valid email address' },
          { max: 254, message: 'Email must be at most 254 characters' },
        ]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Department"
        name="department"
        rules={[{ max: 100, message: 'Department must be at most 100 characters' }]}
      >
        <Input placeholder="e.g. Science" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Staff type" name="isTeaching">
        <Radio.Group aria-label="Staff type" options={STAFF_TYPE_OPTIONS} />
      </Form.Item>
      <WorkingPatternFields />
      {canInvite(staff) && (
        <Form.Item
          name="invite"
          valuePropName="checked"
          extra={
            staff?.inviteStatus === 'invited'
              ? 'Emails a new link to choose a password; the link sent before stops working.'
              : 'Emails them a link to choose a password, valid for 7 days.'
          }
          style={{ marginBottom: 0 }}
        >
          <Checkbox>Invite them to sign in</Checkbox>
        </Form.Item>
      )}
    </Modal>
  );
}
