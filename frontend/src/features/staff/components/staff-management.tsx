import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetStaffQuery } from '../api';
import { isWholeRecord, type StaffRecord } from '../api/staff-record';
import { StaffFormDialog } from './staff-form-dialog';
import { StaffImportDialog } from './staff-import-dialog';
import { StaffTable } from './staff-table';

/** Who the staff form is open for: a new person, or the one being edited. */
type FormTarget = { staff?: StaffRecord };

/** docs/product.md#screens, Admin Panel: the Staff Management section. */
export function StaffManagement() {
  const { data, isLoading, isError, error, refetch } = useGetStaffQuery();
  // Those who manage staff get every record whole (docs/product.md#what-people-see-of-each-other).
  const records = data?.filter(isWholeRecord);
  const canManage = useCan('staff.manage');
  const [formTarget, setFormTarget] = useState<FormTarget>();
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const openForm = (staff?: StaffRecord) => {
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
        <StaffTable staff={records} loading={isLoading} onEdit={openForm} />
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
