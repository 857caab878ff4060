import { UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Radio } from 'antd';
import { useId, useState } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { useAuthToken } from '@/shared/auth/auth-token';
import { ownStaffRecord } from '@/shared/auth/own-staff-record';
import { useToast } from '@/shared/ui/toast';

import { useCreateStaffMutation, useGetStaffQuery } from '../api';
import { staffTypeLabel } from '../lib/staff-labels';

export const ADD_YOURSELF_TITLE = 'You are not on the staff list';

/**
 * For someone who manages staff but has no staff record of their own — the admin who registered
 * the school, an office manager — an offer to add themselves, so they can take duties and My Rota
 * shows their own (docs/product.md#accounts-and-sign-in). The record is made with their name and
 * sign-in email, which links it to their account. Renders nothing for anyone else.
 */
export function AddYourselfCard() {
  const token = useAuthToken();
  const user = useGetCurrentUserQuery(undefined, { skip: !token }).data?.user;
  const staff = useGetStaffQuery().data;
  const canManage = useCan('staff.manage');
  const [createStaff, { isLoading }] = useCreateStaffMutation();
  const [isTeaching, setIsTeaching] = useState(true);
  const toast = useToast();
  const kindId = useId();

  if (!canManage || !user || !staff || ownStaffRecord(staff, user)) return null;

  const addMe = async () => {
    try {
      await createStaff({
        createStaffDto: { name: user.name, email: user.email, isTeaching },
      }).unwrap();
      toast({
        title: 'Success',
        description: 'You are on the staff list. Your duties show here once you have some.',
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to add staff member',
      });
    }
  };

  return (
    <Alert
      type="info"
      showIcon
      title={ADD_YOURSELF_TITLE}
      description={
        <Flex vertical gap="small" align="start">
          <span>
            You can see everyone&apos;s rota, but you have no duties of your own. If you take duties
            too, add yourself: the rota can then plan you in, and My Rota opens on your own duties.
          </span>
          <Flex gap="small" wrap align="center" role="group" aria-labelledby={kindId}>
            <span id={kindId}>You are</span>
            <Radio.Group
              value={isTeaching}
              onChange={(event) => setIsTeaching(event.target.value as boolean)}
              options={[true, false].map((value) => ({ value, label: staffTypeLabel(value) }))}
            />
          </Flex>
          <Button
            type="primary"
            icon={<UserAddOutlined aria-hidden />}
            loading={isLoading}
            onClick={() => void addMe()}
          >
            Add me to the staff list
          </Button>
        </Flex>
      }
    />
  );
}
