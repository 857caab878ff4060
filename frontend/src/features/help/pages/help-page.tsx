import { CheckCircleOutlined } from '@ant-design/icons';
import { Anchor, Col, Flex, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';

const TITLE = 'Help';

const { Paragraph, Text } = Typography;

interface HelpSection {
  /** The element id, and the fragment the table of contents links to. */
  id: string;
  title: string;
  content: ReactNode;
}

/** A list of term + explanation pairs, read as a description list. */
function Terms({ items }: { items: [term: ReactNode, description: ReactNode][] }) {
  return (
    <dl style={{ margin: 0 }}>
      {items.map(([term, description], index) => (
        <div key={index} style={{ marginBottom: 12 }}>
          <dt>
            <Text strong>{term}</Text>
          </dt>
          <dd style={{ marginInlineStart: 0 }}>{description}</dd>
        </div>
      ))}
    </dl>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return <ul style={{ paddingInlineStart: 20, marginBottom: 0 }}>{children}</ul>;
}

const SECTIONS: HelpSection[] = [
  {
    id: 'help-overview',
    title: 'Overview',
    content: (
      <>
        <Paragraph>
          Duty Manager plans who is on duty as duty manager on each weekday, Monday to Friday, at
          your school, college or university. It shares duties out fairly, skips holidays and people
          who are away, and emails everyone a reminder before their duty.
        </Paragraph>
        <Paragraph style={{ marginBottom: 0 }}>
          Everyone can see the rota, ask to swap or cancel their own duties and record when they are
          unavailable. Admins and managers look after staff, holidays, the rota and requests; admins
          also look after the settings.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'help-navigation',
    title: 'Navigation',
    content: (
      <>
        <Paragraph>The bar at the top of every page takes you to:</Paragraph>
        <Terms
          items={[
            [
              'Dashboard',
              'This week at a glance, the month’s rota as a calendar, recent activity and duty statistics.',
            ],
            [
              'Weekly Rota',
              'One week, Monday to Friday, with everyone on duty each day. You can move between weeks and print the rota.',
            ],
            [
              'Duties',
              'For admins and managers: the duties your school runs, in order — their times, weekdays, people and who may take them — and, for admins, the staff groups and the daily rules.',
            ],
            [
              'Statistics',
              'How many duties each person has this academic year (1 September to 31 July), by weekday, and how that compares with the average.',
            ],
            [
              'Holidays',
              'Bank holidays, half terms, term holidays and inset days: no duties are planned on them.',
            ],
            ['Swap Requests', 'Requests to hand a duty to a colleague or trade duties with them.'],
            ['Cancel Requests', 'Requests to be taken off a duty.'],
            [
              'My Rota',
              'Your own duty days this academic year, who you share them with, and your unavailability.',
            ],
            [
              'Instructions',
              'What to do on duty, as written by your administrator, and the procedure document if there is one.',
            ],
            [
              'Admin',
              'The Admin Panel: settings, email reminders and instructions for admins; rota tools and staff for admins and managers.',
            ],
          ]}
        />
        <Paragraph style={{ marginBottom: 0 }}>
          Help (this page) and Logout are in the header of every page, next to your role.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'help-staff-guide',
    title: 'Guide for staff',
    content: (
      <Terms
        items={[
          [
            'See the rota',
            'The Dashboard shows the month and the Weekly Rota one week at a time. My Rota lists just your duty days, with a Today or Completed badge on each.',
          ],
          [
            'Ask for a swap',
            <>
              To have a colleague cover one of your duties, click your name on that duty on the
              Dashboard calendar or the Weekly Rota, choose <Text strong>Request Swap</Text>, pick
              the colleague and give a reason. To trade duties instead, use{' '}
              <Text strong>Create Swap Request</Text> on the Swap Requests page and set the swap
              date to a day the colleague is on duty: you take theirs and they take yours. You can
              ask only about your own duties, from today onwards.
            </>,
          ],
          [
            'Ask for a cancellation',
            <>
              Click your name on one of your duties and choose <Text strong>Request Cancel</Text>,
              giving a reason. Again, only your own duties from today onwards.
            </>,
          ],
          [
            'Record when you are unavailable',
            'On leave, off sick, training or away for personal reasons? Add it under My Unavailability on My Rota. You are taken off any duties in that period and, while auto-fill is on, a colleague is put on instead.',
          ],
          [
            'Export to your calendar',
            'Use Export to Calendar on My Rota to download your duties as a calendar (.ics) file that Outlook, Google Calendar or Apple Calendar can import. Every reminder email also has that duty attached as a calendar file.',
          ],
          [
            'Subscribe to the rota',
            'A file is a snapshot; a subscription stays up to date. On the Dashboard, Calendar Subscription makes your private link to all duties or to your own, which your calendar app checks about every hour (Google Calendar can take up to a day). The link is shown once: if you lose it, or think someone else has it, rotate it, and the old one stops working at once.',
          ],
        ]}
      />
    ),
  },
  {
    id: 'help-admin-guide',
    title: 'Guide for admins and managers',
    content: (
      <>
        <Paragraph>There are three roles:</Paragraph>
        <Terms
          items={[
            ['Admin', 'Can do everything, including the Admin Panel and its settings.'],
            [
              'Manager',
              'Looks after staff, holidays, the rota, swap requests and anyone’s unavailability, and sees the Activity log.',
            ],
            ['Staff', 'Sees the rota and asks for swaps and cancellations of their own duties.'],
          ]}
        />
        <Terms
          items={[
            [
              'Staff management',
              'In the Admin Panel, admins and managers add staff one at a time or import them from a CSV file, edit their details, mark them Teaching or Non-Teaching, invite them to sign in, and deactivate people who have left; admins also choose their role. Deactivated people are no longer given duties.',
            ],
            [
              'Holidays',
              <>
                On the Holidays page, add a single day or a holiday period (bank holiday, half term,
                term holiday, inset day or other). <Text strong>Add bank holidays</Text> adds the
                England and Wales bank holidays for the current academic year in one go, skipping
                any already listed. No duties are planned on holidays.
              </>,
            ],
            [
              'Rota tools',
              <>
                The Rota Management section of the Admin Panel has three tools, each of which shows
                every change it would make before you apply it:{' '}
                <Text strong>Reshuffle Future Dates</Text> rebalances the duties from tomorrow to
                the end of the academic year with the fewest changes (or, if you choose, plans them
                again from scratch); <Text strong>Fill Unassigned Dates</Text> fills only the empty
                slots and leaves existing duties alone; <Text strong>Clear Rota Assignments</Text>{' '}
                removes every duty from today onwards and cannot be undone. On the Weekly Rota you
                can also assign someone to a single slot by hand.
              </>,
            ],
            [
              'Requests',
              'Admins and managers approve or reject swap requests on the Swap Requests page, and can ask on anyone’s behalf. Admins approve or reject cancel requests on the Cancel Requests page. Everyone involved is emailed the decision.',
            ],
            [
              'Settings',
              'In the Admin Panel, admins set how many duty managers are on duty each day, the email reminders and the reminder email’s wording, the Instructions page and its procedure document, and auto-approval.',
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: 'help-features',
    title: 'Features',
    content: (
      <Steps>
        <li>
          A fair rota: duties are shared out so everyone has about the same number, spread over the
          weekdays.
        </li>
        <li>
          Holidays and unavailability are respected: nobody is put on duty on a holiday or while
          they are away.
        </li>
        <li>
          Swaps and cancellations with an approval step, or approved automatically if your
          organisation prefers.
        </li>
        <li>
          A freed duty can be filled automatically with the colleague who has the fewest duties.
        </li>
        <li>Email reminders before each duty, with a calendar file attached.</li>
        <li>Statistics that show how evenly duties are shared.</li>
        <li>An Activity log of every change: who did what, and when.</li>
        <li>A printable weekly rota, and instructions for the people on duty.</li>
      </Steps>
    ),
  },
  {
    id: 'help-badges',
    title: 'Badges',
    content: (
      <>
        <Paragraph>
          Small coloured labels tell you more about a duty, request, person or holiday.
        </Paragraph>
        <Terms
          items={[
            [<Tag color="blue">Today</Tag>, 'A duty that is today.'],
            [
              <Tag icon={<CheckCircleOutlined aria-hidden />}>Completed</Tag>,
              'A duty whose day has passed.',
            ],
            [<Tag color="gold">Pending</Tag>, 'A request waiting for a decision.'],
            [
              <Tag color="green">Approved</Tag>,
              'A request that was approved and has taken effect.',
            ],
            [
              <Tag color="red">Rejected</Tag>,
              'A request that was turned down; the rota is unchanged.',
            ],
            [
              <Flex gap="small" wrap>
                <Tag color="blue">Teaching</Tag>
                <Tag color="purple">Non-Teaching</Tag>
              </Flex>,
              'Whether a member of staff teaches.',
            ],
            [
              <Flex gap="small" wrap>
                <Tag color="red">Bank Holiday</Tag>
                <Tag color="blue">Half Term</Tag>
                <Tag color="green">Term Holiday</Tag>
                <Tag color="purple">Inset Day</Tag>
                <Tag>Other</Tag>
              </Flex>,
              'The kind of holiday. There are no duties on any of them.',
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: 'help-email-reminders',
    title: 'Email reminders',
    content: (
      <>
        <Paragraph>
          Email reminders are <Text strong>on</Text> by default. Each person on duty gets one
          reminder per duty, sent <Text strong>24 hours</Text> before the reminder time on the day
          of the duty; the reminder time is <Text strong>08:30</Text> by default. So, out of the
          box, the reminder for a Wednesday duty arrives at 08:30 on Tuesday.
        </Paragraph>
        <Steps>
          <li>The advance can be 1, 2, 4, 8, 12, 24 or 48 hours.</li>
          <li>
            Reminders go out on weekdays only: one that would fall on a Saturday or Sunday is sent
            on the Friday before, at the reminder time. With the default settings, the reminder for
            a Monday duty therefore arrives on Friday.
          </li>
          <li>
            Every reminder includes the duty as a calendar (.ics) file, so you can add it to your
            calendar in one click.
          </li>
          <li>
            Admins change these settings in <Text strong>Email Reminder Settings</Text> in the Admin
            Panel, edit the email’s wording in <Text strong>Email Template Editor</Text>, and can
            send test reminders and see the latest emails in{' '}
            <Text strong>Email System Testing</Text>.
          </li>
        </Steps>
      </>
    ),
  },
  {
    id: 'help-auto-approval',
    title: 'Auto-approval',
    content: (
      <>
        <Terms
          items={[
            ['Swap requests', 'Wait for an admin or manager to approve them, by default.'],
            [
              'Cancel requests',
              'Are approved automatically, by default: you are taken off the duty straight away.',
            ],
            [
              'Auto-fill cancellations',
              'On by default: when a duty is cancelled, the free slot goes straight to the eligible colleague with the fewest duties this year, so the day stays covered.',
            ],
          ]}
        />
        <Paragraph style={{ marginBottom: 0 }}>
          Admins change these in <Text strong>Auto-Approval Settings</Text> in the Admin Panel. To
          save a change, the admin re-enters their own password, the one they sign in with, to
          confirm it is really them. There is no shared password.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'help-troubleshooting',
    title: 'Troubleshooting',
    content: (
      <Terms
        items={[
          [
            'I didn’t get a reminder',
            'Check your spam or junk folder first. Then ask an admin to check that email reminders are switched on and that the email address in your staff record is right. Remember that a reminder due at the weekend is sent on the Friday before.',
          ],
          [
            'I can’t ask for a swap or a cancellation',
            'You can only ask about your own duties from today onwards, and only one request per duty can be waiting at a time. For a swap, the colleague must be active, not already on duty that day and not unavailable.',
          ],
          [
            'My duty changed without me asking',
            'An admin may have reshuffled or filled the rota, approved a request, or someone recorded unavailability. The Activity log shows what happened.',
          ],
          [
            'I’m on duty when I’m away',
            'Record the dates under My Unavailability on My Rota: you are taken off those duties.',
          ],
          [
            'I can’t see the Admin page or some buttons',
            'Some pages and buttons are only for admins or managers. Ask your administrator if you need a different role.',
          ],
          [
            'The procedure document won’t open',
            'Download links last a short time. Reload the Instructions page and try again.',
          ],
          [
            'I can’t sign in',
            'Use “Forgot your password?” on the sign-in page to set a new one. If your account has been deactivated, ask your administrator.',
          ],
        ]}
      />
    ),
  },
  {
    id: 'help-support',
    title: 'Support',
    content: (
      <Paragraph style={{ marginBottom: 0 }}>
        For help with your duties, your account or anything on this page, contact your
        organisation’s Duty Manager administrator. They can see the Activity log, which records
        every change to the rota, requests, staff and settings with who made it and when, so they
        can work out what happened.
      </Paragraph>
    ),
  },
];

/** Moves keyboard focus to the section a table-of-contents link scrolled to. */
function focusSection(href: string) {
  const section = document.getElementById(href.replace(/^#/, ''));
  section?.focus({ preventScroll: true });
}

/**
 * docs/product.md#screens: the Help page (/help), static documentation of the product as it behaves: overview,
 * navigation, user and admin guides, features, badges, troubleshooting and support.
 */
export function HelpPage() {
  return (
    <>
      <PageTitle title={TITLE} />
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
        {TITLE}
      </Typography.Title>
      <Paragraph type="secondary">
        How Duty Manager works, and what to do when it doesn’t.
      </Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={6}>
          <nav aria-label="On this page" style={{ position: 'sticky', top: 24 }}>
            <Anchor
              affix={false}
              targetOffset={24}
              onClick={(_event, link) => focusSection(link.href)}
              items={SECTIONS.map((section) => ({
                key: section.id,
                href: `#${section.id}`,
                title: section.title,
              }))}
            />
          </nav>
        </Col>
        <Col xs={24} lg={18}>
          <Flex vertical gap="large">
            {SECTIONS.map((section) => (
              // tabIndex -1: the table of contents can move focus here, not just scroll.
              <SectionCard key={section.id} id={section.id} tabIndex={-1} title={section.title}>
                {section.content}
              </SectionCard>
            ))}
          </Flex>
        </Col>
      </Row>
    </>
  );
}
