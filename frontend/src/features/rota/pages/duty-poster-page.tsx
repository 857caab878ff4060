import { skipToken } from '@reduxjs/toolkit/query';
import { Empty, Flex, QRCode, Skeleton, Typography } from 'antd';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useGetDutiesQuery, type DutyDto } from '@/features/duties/api';
import { useGetTermDatesQuery } from '@/features/holidays/api';
import { useAuthToken } from '@/shared/auth/auth-token';
import { DAY_MONTH_FORMAT, formatDate } from '@/shared/lib/dates';
import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';

import '../rota.css';
import '../duty-poster.css';

import { useGetCurrentWeekQuery, useGetRotaClosuresQuery, useGetRotaQuery } from '../api';
import { PrintButton } from '../components/print-button';
import { printedOn } from '../components/print-heading';
import { DUTY_VIEW_PARAM } from '../lib/duty-view';
import {
  halfTermOf,
  periodDates,
  posterWeeks,
  rotaAddress,
  weeksFrom,
  type PosterCell,
  type PosterPeriod,
} from '../lib/poster';
import { daysByDate, UNFILLED } from '../lib/rota-calendar';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/**
 * The poster of a duty point (docs/product.md#duties), at /rota/poster?duty=<id>: the duty, its
 * place and times, who is on it each weekday of this half term, and a QR code to its live rota,
 * on one A4 page (duty-poster.css) for the office to pin up where the duty is.
 */
export function DutyPosterPage() {
  const [params] = useSearchParams();
  const dutyId = params.get(DUTY_VIEW_PARAM);
  const duties = useGetDutiesQuery();
  const currentWeek = useGetCurrentWeekQuery();
  // The planning year's terms: this academic year's until its summer term ends, then the next's.
  const terms = useGetTermDatesQuery({});
  const today = currentWeek.data?.today;
  const duty = duties.data?.find((candidate) => candidate.id === dutyId);
  const period = useMemo(
    () =>
      today && terms.data ? (halfTermOf(terms.data.terms, today) ?? weeksFrom(today)) : undefined,
    [today, terms.data],
  );
  const range = period && { startDate: period.startDate, endDate: period.endDate };
  // The Duty Manager duty's rota is asked for as the spec asks for it: without a duty.
  const rota = useGetRotaQuery(
    range && duty ? (duty.isDutyManager ? range : { ...range, dutyId: duty.id }) : skipToken,
  );
  const closures = useGetRotaClosuresQuery(range && duty ? range : skipToken);

  const failed = [duties, currentWeek, terms, rota, closures].filter((query) => query.isError);
  let body;
  if (failed.length) {
    body = (
      <LoadError
        title="Failed to load the poster"
        error={failed[0]!.error}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  } else if (duties.data && !duty) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This duty no longer exists">
        <Link to="/rota">Weekly Rota</Link>
      </Empty>
    );
  } else if (!duty || !period || !rota.currentData || !closures.currentData) {
    body = (
      <div role="status" aria-label="Loading the poster">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  } else {
    body = (
      <Poster
        duty={duty}
        period={period}
        rotaDays={rota.currentData}
        closures={closures.currentData}
      />
    );
  }

  return (
    <div className="duty-poster-page">
      <PageTitle title={duty ? `Poster — ${dutyTitle(duty)}` : 'Poster'} />
      <Flex
        className="no-print"
        justify="space-between"
        align="start"
        wrap
        gap="middle"
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary" style={{ maxWidth: 560 }}>
          A poster for where the duty is: print it on one A4 sheet. Its QR code opens the live rota.
        </Typography.Paragraph>
        <PrintButton />
      </Flex>
      {body}
    </div>
  );
}

interface PosterProps {
  duty: DutyDto;
  period: PosterPeriod;
  rotaDays: Parameters<typeof daysByDate>[0];
  closures: Parameters<typeof posterWeeks>[3];
}

function Poster({ duty, period, rotaDays, closures }: PosterProps) {
  const headingId = useId();
  const token = useAuthToken();
  const school = useGetCurrentUserQuery(undefined, { skip: !token }).data?.organization.name;
  const today = useGetCurrentWeekQuery().data?.today;
  const address = rotaAddress(window.location.origin, duty);
  const weeks = useMemo(
    () => posterWeeks(period, duty, daysByDate(rotaDays), closures),
    [period, duty, rotaDays, closures],
  );
  const title = dutyTitle(duty);

  return (
    <article
      className="duty-poster rota-print-area"
      aria-labelledby={headingId}
      data-weeks={weeks.length}
    >
      <header className="duty-poster__header">
        <div className="duty-poster__duty">
          <h1 id={headingId} className="duty-poster__name">
            {duty.name}
          </h1>
          {duty.place && <p className="duty-poster__place">{duty.place}</p>}
          <p className="duty-poster__times">{dutyTimes(duty)}</p>
        </div>
        <figure className="duty-poster__qr">
          <QRCode
            type="svg"
            value={address}
            size={140}
            marginSize={2}
            bordered={false}
            color="#000000"
            bgColor="#ffffff"
            role="img"
            aria-label={`QR code: the live rota of ${title}`}
          />
          <figcaption>Scan for the live rota</figcaption>
        </figure>
      </header>
      <h2 className="duty-poster__period">
        {period.label} <span className="duty-poster__dates">{periodDates(period)}</span>
      </h2>
      <div className="duty-poster__table-wrap">
        <table className="duty-poster__table" aria-label={`Who is on ${title}, ${period.label}`}>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {WEEKDAY_NAMES.map((name) => (
                // A phone shows "Mon"…"Fri" so five columns fit; the header's name stays the whole day's.
                <th scope="col" key={name}>
                  <span className="duty-poster__day">{name}</span>
                  <span className="duty-poster__day-short" aria-hidden="true">
                    {name.slice(0, 3)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.monday}>
                <th scope="row">
                  <time dateTime={week.monday}>{formatDate(week.monday, DAY_MONTH_FORMAT)}</time>
                </th>
                {week.days.map((day) => (
                  <td key={day.date} className={cellClass(day)}>
                    <CellContent day={day} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <footer className="duty-poster__footer">
        <span>{[school, today && printedOn(today)].filter(Boolean).join(' · ')}</span>
        <span className="duty-poster__address">{address}</span>
      </footer>
    </article>
  );
}

function cellClass(day: PosterCell): string | undefined {
  if (day.outside) return 'duty-poster__cell--outside';
  if (day.closed || day.notRunning) return 'duty-poster__cell--closed';
  return undefined;
}

/** A day's people; why nobody is on it (a holiday, out of term, not running); or a box to write a name into. */
function CellContent({ day }: { day: PosterCell }) {
  if (day.outside) return null;
  if (day.closed) return <span className="duty-poster__note">{day.closed}</span>;
  if (day.notRunning) return <span className="duty-poster__note">Not running</span>;
  if (!day.names.length) return <span className="duty-poster__unfilled">{UNFILLED}</span>;
  return (
    <ul className="duty-poster__people">
      {day.names.map((name, index) => (
        <li key={`${index}-${name}`}>{name}</li>
      ))}
    </ul>
  );
}
