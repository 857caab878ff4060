import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetStaffQuery, type StaffDto } from '../api';
import { StaffFormDialog } from './staff-form-dialog';
import { StaffImportDialog } from './staff-import-dialog';
import { StaffTable } from './staff-table';

/** Who the staff form is open for: a new person, or the one being edited. */
type FormTarget = { staff?: StaffDto };

/** docs/product.md#screens, Admin Panel: the Staff Management section. */
export function StaffManagement() {
  const { data, isLoading, isError, error, refetch } = useGetStaffQuery();
  const canManage = useCan('staff.manage');
  const [formTarget, setFormTarget] = useState<FormTarget>();
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const openForm = (staff?: StaffDto) => {
    setFormTarget({ staff });
    setFormOpen(true);
  };

  return (
    <SectionCard
      title="Staff Management"
      extra={
        canManage && (
          <Space wrap>
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImportOpen(true)}>
              Import CSV
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm()}>
              Add Staff Member
            </Button>
          </Space>
        )
      }
    >
      {isError ? (
        <Alert
          type="error"
          showIcon
          title="Failed to load staff members"
          description={getServerMessage(error) ?? 'Please try again.'}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <StaffTable staff={data} loading={isLoading} onEdit={openForm} />
      )}
      {formTarget && (
        <StaffFormDialog
          open={formOpen}
          staff={formTarget.staff}
          onClose={() => setFormOpen(false)}
          afterClose={() => setFormTarget(undefined)}
        />
      )}
      <StaffImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
    </SectionCard>
  );
}
