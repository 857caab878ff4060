import { Radio } from 'antd';
import { useId } from 'react';

/** One academic year to choose: its first calendar year and its label ("2026-2027"). */
export interface AcademicYearOption {
  academicYear: number;
  label: string;
}

interface AcademicYearChoiceProps {
  years: readonly AcademicYearOption[];
  value: number | undefined;
  onChange: (academicYear: number) => void;
  /** The group's accessible name; "Academic year" unless the screen names it otherwise. */
  label?: string;
}

/**
 * docs/product.md#time-and-the-academic-year: this academic year and the next, as a row of
 * buttons (a radio group: arrow keys move between them). The term-date, rota-management and
 * fairness screens start on the planning year the server names and let the person switch.
 */
export function AcademicYearChoice({
  years,
  value,
  onChange,
  label = 'Academic year',
}: AcademicYearChoiceProps) {
  // Its own name, so that a screen's other radio groups (a period beside it) never share it.
  const name = useId();
  return (
    <Radio.Group
      name={name}
      aria-label={label}
      optionType="button"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value as number)}
      options={years.map((year) => ({ value: year.academicYear, label: year.label }))}
    />
  );
}
