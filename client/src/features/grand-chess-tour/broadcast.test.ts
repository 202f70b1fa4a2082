import { BROADCAST_LABELS, broadcastState, todayUtc } from './broadcast';

const season = [
  { name: 'Lisbon', start_date: '2022-05-10', end_date: '2022-05-17' },
  { name: 'Riga', start_date: '2022-06-04', end_date: '2022-06-15' },
  { name: 'Final', start_date: '2022-09-06', end_date: null },
];

describe('the tour broadcast state', () => {
  it('is finished once the last event has ended, and never reads as live then', () => {
    expect(broadcastState(season, '2026-11-24')).toBe('finished');
    expect(BROADCAST_LABELS[broadcastState(season, '2026-11-24')]).toBe('Watch again');
  });

  it('is live during an event, its first and last days included', () => {
    expect(broadcastState(season, '2022-05-10')).toBe('live');
    expect(broadcastState(season, '2022-06-15')).toBe('live');
    expect(broadcastState(season, '2022-09-06')).toBe('live');
  });

  it('is upcoming before the first event and between events otherwise', () => {
    expect(broadcastState(season, '2022-05-09')).toBe('upcoming');
    expect(broadcastState(season, '2022-07-01')).toBe('between');
  });

  it('is unscheduled without dated events', () => {
    expect(broadcastState([{ name: 'TBA' }], '2022-07-01')).toBe('unscheduled');
    expect(broadcastState(null, '2022-07-01')).toBe('unscheduled');
  });

  it("reads today's date in UTC", () => {
    expect(todayUtc(new Date('2022-05-10T23:30:00Z'))).toBe('2022-05-10');
  });
});
