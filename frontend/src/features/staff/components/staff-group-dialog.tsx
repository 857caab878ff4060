import { Form, Input, Modal, Select, type InputRef } from 'antd';
import { useMemo, useRef } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { trimmed } from '@/shared/lib/text';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { useToast } from '@/shared/ui/toast';

import {
  useCreateStaffGroupMutation,
  useGetStaffQuery,
  useUpdateStaffGroupMutation,
  type StaffGroupDto,
} from '../api';

interface StaffGroupFormValues {
  name: string;
  memberIds: string[];
}

export interface StaffGroupDialogProps {
  open: boolean;
  /** The group being edited; a new group when absent. */
  group?: StaffGroupDto;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * Names a staff group and chooses its people (docs/product.md#staff-groups): anyone on the staff,
 * found by typing part of their name.
 */
export function StaffGroupDialog({ open, group, onClose, afterClose }: StaffGroupDialogProps) {
  const [createGroup, createState] = useCreateStaffGroupMutation();
  const [updateGroup, updateState] = useUpdateStaffGroupMutation();
  const { data: staff, isLoading: staffLoading } = useGetStaffQuery(undefined, { skip: !open });
  const toast = useToast();
  const nameRef = useRef<InputRef>(null);
  const editing = group !== undefined;
  const saving = createState.isLoading || updateState.isLoading;
  const options = useMemo(
    () =>
      [...(staff ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((person) => ({
          value: person.id,
          label: person.isActive ? person.name : `${person.name} (inactive)`,
        })),
    [staff],
  );

  const submit = async (values: StaffGroupFormValues) => {
    const body = { name: trimmed(values.name), memberIds: values.memberIds };
    try {
      let rotaChange = null;
      // Taking people out of a group takes them off the duties open to it: the server says so.
      if (group)
        ({ rotaChange } = await updateGroup({ id: group.id, updateStaffGroupDto: body }).unwrap());
      else await createGroup({ createStaffGroupDto: body }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(
          editing ? 'Staff group updated' : 'Staff group added',
          rotaChange,
        ),
      });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description:
          getServerMessage(error) ??
          (editing ? 'Failed to update the staff group' : 'Failed to add the staff group'),
      });
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Staff Group' : 'Add Staff Group'}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onCancel={onClose}
      afterClose={afterClose}
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(nameRef.current);
      }}
      destroyOnHidden
      // The form wraps the whole dialog so that the footer's Save button submits it (antd's "form in modal" pattern).
      modalRender={(dialog) => (
        <Form<StaffGroupFormValues>
          name={editing ? 'edit-staff-group' : 'add-staff-group'}
          layout="vertical"
          noValidate
          disabled={saving}
          initialValues={{
            name: group?.name ?? '',
            memberIds: group?.members.map((m) => m.id) ?? [],
          }}
          onFinish={(values) => void submit(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        label="Group name"
        name="name"
        extra="For example SLT or First aiders."
        rules={[
          { required: true, whitespace: true, message: 'Group name is required' },
          { max: 60, message: 'Group name must be at most 60 characters' },
        ]}
      >
        <Input ref={nameRef} autoComplete="off" />
      </Form.Item>
      <Form.Item label="People" name="memberIds" style={{ marginBottom: 0 }}>
        <Select
          mode="multiple"
          aria-label="People"
          placeholder="Type a name to add someone"
          options={options}
          loading={staffLoading}
          optionFilterProp="label"
          allowClear
        />
      </Form.Item>
    </Modal>
  );
}
