import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleCard, ScheduleGroupCard } from '../../../../src/api/mappers';
import {
  FIRST_SLICE_ROWS,
  ScheduleGroupList,
  firstSlice,
} from '../../../../src/features/schedules/schedule-group-list';

/** Each render of a group card: its key and how many departures it drew. */
const drawn: Array<[string, number]> = [];

vi.mock('../../../../src/features/schedules/schedule-card', () => ({
  ScheduleGroup: ({ group }: { group: ScheduleGroupCard }) => {
    drawn.push([group.key, group.schedules.length]);
    return (
      <article aria-label={group.key}>
        {group.schedules.map((schedule) => (
          <p key={schedule.code}>{schedule.code}</p>
        ))}
      </article>
    );
  },
}));

function group(key: string, departures: number): ScheduleGroupCard {
  return {
    key,
    operatorCode: key,
    operatorName: key,
    operatorLogo: '',
    routeId: 1,
    departPool: 'A',
    dropPool: 'B',
    isConnecting: false,
    schedules: Array.from({ length: departures }, (_, index) => ({ code: `${key}-${index}` }) as ScheduleCard),
  };
}

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

describe('firstSlice', () => {
  it('takes whole groups up to the rows and cuts the last one short', () => {
    const groups = [group('a', 2), group('b', 3), group('c', 1)];
    expect(firstSlice(groups, 4).map((slice) => [slice.key, slice.schedules.map((s) => s.code)])).toEqual([
      ['a', ['a-0', 'a-1']],
      ['b', ['b-0', 'b-1']],
    ]);
    expect(firstSlice(groups, 5)).toEqual(groups.slice(0, 2));
    expect(firstSlice(groups, 10)).toEqual(groups);
    expect(firstSlice([], 4)).toEqual([]);
  });
});

describe('ScheduleGroupList', () => {
  it('draws the first screen of departures first, then every departure', async () => {
    const groups = [group('a', 3), group('b', 3), group('c', 3)];
    await act(async () => {
      render(<ScheduleGroupList groups={groups} onChoose={() => {}} compact={false} />);
      await Promise.resolve();
    });
    // The first render drew FIRST_SLICE_ROWS departures; the background render drew them all.
    const firstPass = drawn.slice(0, 2);
    expect(firstPass).toEqual([
      ['a', 3],
      ['b', FIRST_SLICE_ROWS - 3],
    ]);
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['a', 'b', 'c']);
    expect(screen.getAllByText(/^[abc]-\d$/)).toHaveLength(9);
  });

  it('shows a new page of groups after the ones shown', async () => {
    const first = [group('a', 5)];
    const { rerender } = render(<ScheduleGroupList groups={first} onChoose={() => {}} compact={false} />);
    await act(async () => {
      rerender(<ScheduleGroupList groups={[...first, group('b', 2)]} onChoose={() => {}} compact={false} />);
      await Promise.resolve();
    });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['a', 'b']);
    expect(screen.getAllByText(/^[ab]-\d$/)).toHaveLength(7);
  });
});
