import { Form, Modal, type InputRef } from 'antd';
import { useRef } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { useToast } from '@/shared/ui/toast';

import { useUpdateHolidayMutation, type HolidayDto } from '../api';
import {
  followStartDate,
  HolidayFormFields,
  holidayFormValues,
  toSaveHolidayDto,
  type HolidayFormValues,
} from './holiday-form-fields';
import { HolidayRotaImpact } from './holiday-rota-impact';

interface EditHolidayDialogProps {
  open: boolean;
  holiday: HolidayDto;
  onClose: () => void;
  afterClose?: () => void;
}

/** docs/product.md#holidays: the Edit Holiday dialog. */
export function EditHolidayDialog({ open, holiday, onClose, afterClose }: EditHolidayDialogProps) {
  const [updateHoliday, { isLoading }] = useUpdateHolidayMutation();
  const [form] = Form.useForm<HolidayFormValues>();
  const nameRef = useRef<InputRef>(null);
  const toast = useToast();

  const submit = async (values: HolidayFormValues) => {
    try {
      const saved = await updateHoliday({
        id: holiday.id,
        saveHolidayDto: toSaveHolidayDto(values),
      }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome('Holiday updated successfully', saved.rotaChange),
      });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to update holiday',
      });
    }
  };

  return (
    <Modal
      open={open}
      title="Edit Holiday"
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      onCancel={onClose}
      afterClose={afterClose}
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(nameRef.current);
      }}
      destroyOnHidden
      // The form wraps the whole dialog so the footer's Save button and Enter both submit it.
      modalRender={(dialog) => (
        <Form<HolidayFormValues>
          form={form}
          name="edit-holiday"
          layout="vertical"
          noValidate
          disabled={isLoading}
          initialValues={holidayFormValues(holiday)}
          onValuesChange={(changed: Partial<HolidayFormValues>) => followStartDate(form, changed)}
          onFinish={(values) => void submit(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <HolidayFormFields nameRef={nameRef} />
      <HolidayRotaImpact form={form} verb="Saving" holidayId={holiday.id} />
    </Modal>
  );
}
