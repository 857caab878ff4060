import { HistoryOutlined } from '@ant-design/icons';
import { Anchor, Flex, Grid, theme, Typography } from 'antd';
import { useCallback, useEffect, useState, type ComponentType, type MouseEvent } from 'react';
import { Link } from 'react-router';

import {
  DeleteOrganizationCard,
  DELETE_TITLE,
  EraseStaffAction,
  LEAVERS_DATA_TITLE,
  LeaversDataCard,
  OrganisationDataCard,
} from '@/features/data-rights/routes';
import { RotaManagementSection } from '@/features/rota/routes';
import {
  AutoApprovalSettingsCard,
  DutyManagerSettingsCard,
  EmailReminderSettingsCard,
  EmailSystemTestingCard,
  EmailTemplateEditorCard,
  InstructionsManagerCard,
  RotaRulesCard,
  SignInSettingsCard,
} from '@/features/settings/routes';
import { StaffManagement } from '@/features/staff/routes';
import { useAccess, useCan, type AdminPanelPermission } from '@/shared/auth/access';
import { AccessGuard } from '@/shared/ui/access-guard';
import { PageTitle } from '@/shared/ui/page-title';
import { usePrefersReducedMotion } from '@/shared/ui/reduced-motion';
import { useScrollToHash } from '@/shared/ui/scroll-to-hash';

const TITLE = 'Admin Panel';

/**
 * Staff Management, with "Erase personal data…" on each row for those who may erase it (admins:
 * docs/security.md#retention-and-erasure).
 */
function StaffManagementSection() {
  const canErase = useCan('settings.manage');
  return (
    <StaffManagement
      rowActions={
        canErase
          ? (person) => <EraseStaffAction staffId={person.id} name={person.name} />
          : undefined
      }
    />
  );
}

interface AdminPanelSection {
  /** The server permission whoever sees the section holds. */
  permission: AdminPanelPermission;
  Section: ComponentType;
  /** The section's own title (its heading), for the list of sections that jumps to it. */
  title: string;
  /**
   * The section's id on the panel: the list of sections jumps to it, and `/staff#<anchor>` is
   * its address for links from elsewhere (the first-run checklist).
   */
  anchor: string;
}

/**
 * The panel's sections in their fixed order (docs/product.md#screens), each with the permission
 * it needs. Whoever holds any of them may open the panel (`admin.panel`, which lists the same
 * permissions; admin-panel-page.test.tsx checks that the two agree).
 */
export const ADMIN_PANEL_SECTIONS: readonly AdminPanelSection[] = [
  {
    permission: 'settings.manage',
    Section: DutyManagerSettingsCard,
    title: 'Duty Manager Settings',
    anchor: 'duty-manager-settings',
  },
  {
    permission: 'settings.manage',
    Section: RotaRulesCard,
    title: 'Rota rules',
    anchor: 'rota-rules',
  },
  {
    permission: 'settings.manage',
    Section: EmailReminderSettingsCard,
    title: 'Email Reminder Settings',
    anchor: 'email-reminder-settings',
  },
  {
    permission: 'settings.manage',
    Section: EmailTemplateEditorCard,
    title: 'Email Template Editor',
    anchor: 'email-template-editor',
  },
  {
    permission: 'settings.manage',
    Section: EmailSystemTestingCard,
    title: 'Email System Testing',
    anchor: 'email-system-testing',
  },
  {
    permission: 'settings.manage',
    Section: InstructionsManagerCard,
    title: 'Instructions Manager',
    anchor: 'instructions-manager',
  },
  {
    permission: 'settings.manage',
    Section: AutoApprovalSettingsCard,
    title: 'Auto-Approval Settings',
    anchor: 'auto-approval-settings',
  },
  {
    permission: 'settings.manage',
    Section: SignInSettingsCard,
    title: 'Sign-in',
    anchor: 'sign-in',
  },
  {
    permission: 'settings.manage',
    Section: OrganisationDataCard,
    title: 'Organisation data',
    anchor: 'organisation-data',
  },
  {
    permission: 'settings.manage',
    Section: LeaversDataCard,
    title: LEAVERS_DATA_TITLE,
    anchor: 'leavers-data',
  },
  {
    permission: 'rota.manage',
    Section: RotaManagementSection,
    title: 'Rota Management',
    anchor: 'rota-management',
  },
  {
    permission: 'staff.manage',
    Section: StaffManagementSection,
    title: 'Staff Management',
    anchor: 'staff-management',
  },
  {
    permission: 'settings.manage',
    Section: DeleteOrganizationCard,
    title: DELETE_TITLE,
    anchor: 'delete-organization',
  },
];

/** Where the side list stays while the page scrolls, and where a jump puts a section's top (px). */
const SIDE_OFFSET = 16;
/** On a narrow screen the list is a strip stuck to the top: a section lands below it (px). */
const STRIP_OFFSET = 56;
/** Keys that scroll the page (when the focus is not in a field). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
/** The side column's width on a wide screen (px): the longest title on one line. */
const SIDE_WIDTH = 220;

interface SectionListProps {
  sections: readonly AdminPanelSection[];
  /** A side column (from lg up), else a strip across the top. */
  wide: boolean;
}

/**
 * The list of the panel's sections, each a link that brings its section into view: a side
 * column that stays in view on a wide screen, a strip across the top (scrolling sideways,
 * within the screen's width) on a narrow one. The panel is long, and Staff Management, where a
 * new admin starts, comes last. antd's Anchor draws the list, keeps it in view and marks the
 * section on screen.
 */
function SectionList({ sections, wide }: SectionListProps) {
  const { token } = theme.useToken();
  const reducedMotion = usePrefersReducedMotion();
  const items = sections.map(({ title, anchor }) => ({ key: anchor, href: `#${anchor}`, title }));

  // A link's click is handled here, before the Anchor's own: that one pushes the hash onto the
  // browser's history behind the router's back (its entries carry the router's state) and
  // animates the scroll whatever the person's motion setting, timed by Date.now (which never
  // advances under a test's fixed clock). The section scrolls into view (its scroll-margin-top
  // keeps it clear of the list) and takes the keyboard focus, as when a link from elsewhere
  // leads to it, so the next Tab goes into it. A click with a modifier key keeps the browser's
  // meaning (a new tab or window at /staff#<section>).
  // The link just followed stays marked until the person scrolls: the last sections cannot reach
  // the top of the page, and marking by scroll position alone would name the one above them.
  const [followed, setFollowed] = useState<string>();
  useEffect(() => {
    if (!followed) return;
    const release = () => setFollowed(undefined);
    const releaseOnKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) release();
    };
    window.addEventListener('wheel', release, { passive: true });
    window.addEventListener('touchmove', release, { passive: true });
    window.addEventListener('keydown', releaseOnKey);
    return () => {
      window.removeEventListener('wheel', release);
      window.removeEventListener('touchmove', release);
      window.removeEventListener('keydown', releaseOnKey);
    };
  }, [followed]);
  const currentAnchor = useCallback((byScroll: string) => followed ?? byScroll, [followed]);

  const jump = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]');
    if (!link) return;
    event.stopPropagation();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    const section = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!section) return;
    section.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'instant' : 'smooth' });
    section.focus({ preventScroll: true });
    setFollowed(link.getAttribute('href') ?? undefined);
  };

  return (
    // Stuck with CSS rather than antd's Affix: the strip's Anchor scrolls its marked link into
    // view on every change, and while an Affix was still catching up with a jump (it follows
    // scroll events) that scrolled the page back up to the strip.
    <nav
      aria-label="Admin Panel sections"
      onClickCapture={jump}
      style={{
        position: 'sticky',
        top: wide ? SIDE_OFFSET : 0,
        // Above the cards (positioned themselves) that scroll under the strip.
        zIndex: 2,
        ...(wide
          ? { flex: `0 0 ${SIDE_WIDTH}px`, alignSelf: 'flex-start' }
          : { background: token.colorBgLayout }),
      }}
    >
      <Anchor
        items={items}
        direction={wide ? 'vertical' : 'horizontal'}
        affix={false}
        // Mark the section on screen, as an affixed Anchor does.
        showInkInFixed
        // Where a section's top counts as reached, for marking it in the list.
        targetOffset={wide ? SIDE_OFFSET : STRIP_OFFSET}
        getCurrentAnchor={currentAnchor}
      />
    </nav>
  );
}

/** The Admin Panel's content for someone who may open it: the sections their role allows. */
function AdminPanel() {
  useScrollToHash();
  const access = useAccess();
  const screens = Grid.useBreakpoint();
  // As useIsPhone reads them, but at lg: the side column needs room beside the cards. A screen
  // matching no breakpoint (a test's DOM) counts as wide.
  const wide = !(screens.xs || screens.sm || screens.md) || screens.lg === true;
  const can = access.status === 'ready' ? access.can : () => false;
  const sections = ADMIN_PANEL_SECTIONS.filter(({ permission }) => can(permission));
  return (
    <>
      <PageTitle title={TITLE} />
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {TITLE}
        </Typography.Title>
        {can('audit.view') && (
          <Link to="/activity">
            <HistoryOutlined aria-hidden /> Activity log
          </Link>
        )}
      </Flex>
      {/* The list first, so it comes first to the keyboard too: beside the sections from lg up,
          above them (and then across the top as the page scrolls) on a narrower screen. */}
      <Flex vertical={!wide} gap={wide ? 24 : 16}>
        <SectionList sections={sections} wide={wide} />
        <Flex vertical gap="large" style={{ flex: '1 1 0', minWidth: 0 }}>
          {sections.map(({ Section, anchor }) => (
            <div
              key={anchor}
              id={anchor}
              tabIndex={-1}
              className="hash-target"
              style={{ scrollMarginTop: wide ? SIDE_OFFSET : STRIP_OFFSET }}
            >
              <Section />
            </div>
          ))}
        </Flex>
      </Flex>
    </>
  );
}

/**
 * The Admin Panel at /staff (docs/product.md#roles-and-permissions): each section for whoever
 * holds its permission, the Access Denied card for someone who holds none of them. It lives in
 * src/app because it composes sections owned by different features.
 */
export function AdminPanelPage() {
  return (
    <AccessGuard permission="admin.panel" title={TITLE}>
      <AdminPanel />
    </AccessGuard>
  );
}
