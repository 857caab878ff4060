import { MailOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Space, Typography } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useGetStaffQuery, useInviteStaffMutation } from '../api';
import { isWholeRecord, type StaffRecord } from '../lib/staff-record';
import { filterStaff, mayInvite, STAFF_SHOWN, type StaffShown } from '../lib/staff-filter';
import { StaffFormDialog } from './staff-form-dialog';
import { StaffImportDialog } from './staff-import-dialog';
import { StaffTable } from './staff-table';

/** Who the staff form is open for: a new person, or the one being edited. */
type FormTarget = { staff?: StaffRecord };

const SHOW_OPTIONS = Object.entries(STAFF_SHOWN).map(([value, label]) => ({ value, label }));
/** Invitations sent side by side: a school of hundreds is invited in a minute, not all at once. */
const INVITES_AT_ONCE = 3;

/** "Invitations sent to 1 person", "… to 18 people". */
function people(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'}`;
}

/**
 * Sends each person's invitation, a few at a time, and answers who could not be invited and why
 * (the server refuses, say, someone who signed in meanwhile).
 */
async function inviteEach(
  staff: StaffRecord[],
  invite: (person: StaffRecord) => Promise<unknown>,
): Promise<{ sent: number; failed: { name: string; reason: string }[] }> {
  const queue = [...staff];
  const failed: { name: string; reason: string }[] = [];
  let sent = 0;
  const worker = async () => {
    for (let person = queue.shift(); person; person = queue.shift()) {
      try {
        await invite(person);
        sent += 1;
      } catch (error) {
        failed.push({
          name: person.name,
          reason: getServerMessage(error) ?? 'Failed to send the invitation',
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(INVITES_AT_ONCE, staff.length) }, worker));
  return { sent, failed };
}

/**
 * docs/product.md#screens, Admin Panel: the Staff Management section, with a search, a choice of
 * whom to list, and invitations for everyone chosen at once.
 */
export function StaffManagement({
  rowActions,
}: { rowActions?: (person: StaffRecord) => ReactNode } = {}) {
  const { data, isLoading, isError, error, refetch } = useGetStaffQuery();
  // Those who manage staff get every record whole (docs/product.md#what-people-see-of-each-other).
  const records = useMemo(() => data?.filter(isWholeRecord), [data]);
  const canManage = useCan('staff.manage');
  const [formTarget, setFormTarget] = useState<FormTarget>();
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<StaffShown>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [inviting, setInviting] = useState(false);
  const [inviteStaff] = useInviteStaffMutation();
  const toast = useToast();
  const showId = useId();

  const listed = useMemo(
    () => (records ? filterStaff(records, search, show) : undefined),
    [records, search, show],
  );
  // Only those listed and still invitable count: a search or a reload never invites someone unseen.
  const chosen = (listed ?? []).filter(
    (person) => selected.includes(person.id) && mayInvite(person),
  );
  const invitable = (listed ?? []).filter(mayInvite);

  const openForm = (staff?: StaffRecord) => {
    setFormTarget({ staff });
    setFormOpen(true);
  };

  const inviteChosen = async () => {
    setInviting(true);
    const { sent, failed } = await inviteEach(chosen, (person) =>
      inviteStaff({ id: person.id }).unwrap(),
    );
    setInviting(false);
    setSelected([]);
    if (failed.length === 0) {
      toast({ title: 'Success', description: `Invitations sent to ${people(sent)}` });
      return;
    }
    toast({
      variant: 'destructive',
      title: sent ? `Invitations sent to ${people(sent)}; ${failed.length} not sent` : 'Error',
      description: failed.map((f) => `${f.name}: ${f.reason}`).join(' '),
    });
  };

  const filtering = search.trim() !== '' || show !== 'all';

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
        <Flex vertical gap="middle">
          <Flex gap="small" wrap align="center" role="search" aria-label="Find staff">
            <Input.Search
              aria-label="Search staff"
              placeholder="Search by name, email or department"
              allowClear
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ flex: '1 1 240px', maxWidth: 360 }}
            />
            <label htmlFor={showId}>Show</label>
            <Select<StaffShown>
              id={showId}
              options={SHOW_OPTIONS}
              value={show}
              onChange={setShow}
              style={{ minWidth: 180 }}
            />
            {records && filtering && (
              <Typography.Text type="secondary" aria-live="polite">
                {listed?.length} of {records.length}
              </Typography.Text>
            )}
          </Flex>
          {canManage && chosen.length > 0 && (
            <Flex gap="small" wrap align="center">
              <Typography.Text>{people(chosen.length)} chosen</Typography.Text>
              <Button
                type="primary"
                icon={<MailOutlined aria-hidden />}
                loading={inviting}
                onClick={() => void inviteChosen()}
              >
                Invite {people(chosen.length)} to sign in
              </Button>
              <Button disabled={inviting} onClick={() => setSelected([])}>
                Clear choice
              </Button>
            </Flex>
          )}
          {canManage && chosen.length === 0 && invitable.length > 1 && (
            <div>
              <Button onClick={() => setSelected(invitable.map((person) => person.id))}>
                Choose everyone listed who can be invited ({invitable.length})
              </Button>
            </div>
          )}
          <StaffTable
            staff={listed}
            loading={isLoading}
            onEdit={openForm}
            rowActions={rowActions}
            emptyText={filtering ? 'No staff members match' : undefined}
            selection={
              canManage
                ? { selected, onChange: setSelected, selectable: mayInvite, disabled: inviting }
                : undefined
            }
          />
        </Flex>
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
