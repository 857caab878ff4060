import { Button, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { ROLES, roleLabel, useCan, type Role } from '@/shared/auth/access';
import { changeOutcome } from '@/shared/lib/rota-change';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { useToast } from '@/shared/ui/toast';

import { useChangeStaffRoleMutation, useInviteStaffMutation, useUpdateStaffMutation } from '../api';
import type { StaffRecord } from '../lib/staff-record';
import { INVITE_STATUS, staffTypeLabel } from '../lib/staff-labels';
import { describePattern } from '../lib/working-pattern';

import { StaffDataButton } from './staff-data-button';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** Choosing people for an action on several at once (inviting them). */
interface StaffSelection {
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Whether a person can be chosen at all. */
  selectable: (person: StaffRecord) => boolean;
  disabled?: boolean;
}

interface StaffTableProps {
  staff: StaffRecord[] | undefined;
  loading: boolean;
  onEdit: (staff: StaffRecord) => void;
  /** When the list is empty; "No staff members yet" unless a search left nobody. */
  emptyText?: string;
  selection?: StaffSelection;
  /** More actions on a row, after the staff feature's own (composed by src/app, e.g. erasing personal data). */
  rowActions?: (person: StaffRecord) => ReactNode;
}

/**
 * Names wrap between words, never inside one: Typography's own `word-break: break-word` let the
 * table squeeze "Featherstonehaugh" to "Featherstoneha" / "ugh" at 1366 px.
 */
const NAME_STYLE = { wordBreak: 'normal', overflowWrap: 'normal' } as const;

/**
 * Inactive people are dimmed with a grey row and greyer text, not with transparency: a
 * see-through row would take its text, tags and buttons below 4.5:1 contrast (WCAG 1.4.3).
 */
const INACTIVE_ROW_STYLE = { background: '#f0f0f0', color: 'rgba(0, 0, 0, 0.65)' } as const;

/** docs/product.md#accounts-and-sign-in: the staff table, with inactive people dimmed and each row's actions. */
export function StaffTable({
  staff,
  loading,
  onEdit,
  emptyText,
  selection,
  rowActions,
}: StaffTableProps) {
  const canManage = useCan('staff.manage');
  const canChangeRoles = useCan('staff.roles');
  // Only an admin downloads another person's data (docs/security.md, "Subject access").
  const canDownloadData = useCan('settings.manage');
  const toast = useToast();
  const [updateStaff, updateState] = useUpdateStaffMutation();
  const [inviteStaff, inviteState] = useInviteStaffMutation();
  const [changeRole, roleState] = useChangeStaffRoleMutation();

  const fail = (error: unknown, fallback: string) =>
    toast({ variant: 'destructive', description: getServerMessage(error) ?? fallback });

  const setActive = async (person: StaffRecord, isActive: boolean) => {
    try {
      const saved = await updateStaff({ id: person.id, updateStaffDto: { isActive } }).unwrap();
      // Deactivating takes them off their duties from today on (docs/product.md#the-rota-stays-true).
      toast({
        title: 'Success',
        description: isActive
          ? 'Staff member reactivated'
          : changeOutcome('Staff member deactivated', saved.rotaChange),
      });
    } catch (error) {
      fail(error, 'Failed to update staff status');
    }
  };

  const invite = async (person: StaffRecord) => {
    try {
      await inviteStaff({ id: person.id }).unwrap();
      toast({ title: 'Success', description: 'Invitation sent' });
    } catch (error) {
      fail(error, 'Failed to send the invitation');
    }
  };

  const setRole = async (person: StaffRecord, role: Role) => {
    try {
      await changeRole({ id: person.id, changeRoleDto: { role } }).unwrap();
      toast({ title: 'Success', description: 'Role updated' });
    } catch (error) {
      fail(error, 'Failed to update role');
    }
  };

  const pendingFor = (state: { isLoading: boolean; originalArgs?: { id: string } }, id: string) =>
    state.isLoading && state.originalArgs?.id === id;

  const columns: TableProps<StaffRecord>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string) => (
        <Typography.Text strong style={NAME_STYLE}>
          {name}
        </Typography.Text>
      ),
    },
    {
      // docs/product.md#working-patterns, in a few words; a full-timer's says nothing.
      title: 'Working pattern',
      key: 'pattern',
      render: (_, person) => {
        const pattern = describePattern(person);
        return pattern ? <span style={{ whiteSpace: 'nowrap' }}>{pattern}</span> : NONE;
      },
    },
    { title: 'Email', dataIndex: 'email' },
    {
      title: 'Department',
      dataIndex: 'department',
      render: (department: string | null) => department ?? NONE,
    },
    {
      title: 'Type',
      dataIndex: 'isTeaching',
      render: (isTeaching: boolean) => (
        <Tag color={isTeaching ? 'blue' : 'purple'}>{staffTypeLabel(isTeaching)}</Tag>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'isActive',
      render: (isActive: boolean) =>
        isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>,
    },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (role: Role | null, person) => {
        if (role === null) return NONE;
        if (!canChangeRoles) return roleLabel(role);
        const pending = pendingFor(roleState, person.id);
        return (
          <Select<Role>
            aria-label={`Role for ${person.name}`}
            size="small"
            style={{ minWidth: 112 }}
            options={ROLE_OPTIONS}
            // Shows the choice while it is saved, not the old role until the list reloads.
            value={pending ? (roleState.originalArgs?.changeRoleDto.role ?? role) : role}
            loading={pending}
            disabled={pending}
            onChange={(next) => void setRole(person, next)}
          />
        );
      },
    },
    {
      title: 'Sign-in',
      dataIndex: 'inviteStatus',
      render: (status: StaffRecord['inviteStatus']) => (
        <Tag color={INVITE_STATUS[status].color}>{INVITE_STATUS[status].label}</Tag>
      ),
    },
  ];

  if (canManage) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_, person) => {
        const verb = person.isActive ? 'Deactivate' : 'Reactivate';
        const inviteVerb = person.inviteStatus === 'invited' ? 'Re-invite' : 'Invite';
        return (
          <Space size="small" wrap>
            <Button size="small" aria-label={`Edit ${person.name}`} onClick={() => onEdit(person)}>
              Edit
            </Button>
            <ConfirmButton
              size="small"
              danger={person.isActive}
              aria-label={`${verb} ${person.name}`}
              loading={pendingFor(updateState, person.id)}
              confirmTitle={`${verb} ${person.name}?`}
              confirmDescription={
                person.isActive
                  ? 'They leave the rota and can no longer sign in.'
                  : 'They can be put on the rota again and, if invited, sign in.'
              }
              okText={verb}
              okDanger={person.isActive}
              onConfirm={() => setActive(person, !person.isActive)}
            >
              {verb}
            </ConfirmButton>
            {person.isActive && person.inviteStatus !== 'active' && (
              <Button
                size="small"
                aria-label={`${inviteVerb} ${person.name}`}
                loading={pendingFor(inviteState, person.id)}
                onClick={() => void invite(person)}
              >
                {inviteVerb}
              </Button>
            )}
            {canDownloadData && <StaffDataButton person={person} />}
            {rowActions?.(person)}
          </Space>
        );
      },
    });
  }

  return (
    <Table<StaffRecord>
      aria-label="Staff members"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={staff}
      loading={loading}
      locale={{ emptyText: emptyText ?? 'No staff members yet' }}
      rowSelection={
        selection && {
          // antd copies the column titles into a hidden row that sizes the columns; a select-all
          // checkbox there is focusable inside aria-hidden (axe: aria-hidden-focus). Staff
          // Management offers "Choose everyone listed…" instead.
          hideSelectAll: true,
          selectedRowKeys: selection.selected,
          onChange: (keys) => selection.onChange(keys.map(String)),
          getCheckboxProps: (person) => ({
            disabled: selection.disabled || !selection.selectable(person),
            'aria-label': `Choose ${person.name}`,
          }),
        }
      }
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      onRow={(person) => (person.isActive ? {} : { style: INACTIVE_ROW_STYLE })}
      scroll={{ x: true }}
    />
  );
}
