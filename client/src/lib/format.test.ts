import { formatDate, formatDuration, initials, pluralize, readingTime } from './format';

describe('formatDuration', () => {
  it.each([
    [0, '0\u00a0min'],
    [1, '1\u00a0min'],
    [60, '1\u00a0min'],
    [61, '2\u00a0min'],
    [3065, '52\u00a0min'],
    [3600, '1\u00a0h'],
    [3601, '1\u00a0h 1\u00a0min'],
    [5400, '1\u00a0h 30\u00a0min'],
    [7199, '2\u00a0h'],
  ])('%p seconds -> %p (minutes rounded up; no break inside a number and its unit)', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('treats a missing duration as zero', () => {
    expect(formatDuration(undefined)).toBe('0\u00a0min');
  });
});

describe('readingTime', () => {
  it('keeps the minutes and their words together, with no-break spaces', () => {
    expect(readingTime(3)).toBe('3\u00a0min\u00a0read');
  });

  it('says nothing when the article does not say', () => {
    expect(readingTime(null)).toBeNull();
    expect(readingTime(undefined)).toBeNull();
  });
});

describe('pluralize', () => {
  it('adds the s only when the count is over 1', () => {
    expect(pluralize(0, 'episode')).toBe('0 episode');
    expect(pluralize(1, 'episode')).toBe('1 episode');
    expect(pluralize(2, 'episode')).toBe('2 episodes');
  });
});

describe('formatDate', () => {
  it('shows a calendar date without shifting the day', () => {
    expect(formatDate('2021-03-04')).toBe('March 4, 2021');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes dates and timestamps as en-US does, in UTC', () => {
    for (const iso of ['2020-02-29', '1999-12-31', '2026-11-23T23:59:59Z', '2024-07-01T02:00:00+05:00']) {
      const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
      const expected = date.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatDate(iso)).toBe(expected);
    }
  });
});

describe('initials', () => {
  it.each([
    [{ firstname: 'Ines', lastname: 'Carvalho', username: 'ines_c' }, 'IC'],
    [{ firstname: 'ines', lastname: null, username: 'ines_c' }, 'I'],
    [{ firstname: null, lastname: null, username: 'learner_42' }, 'L'],
    [{ firstname: '', lastname: '', username: '' }, ''],
  ])('of %o is %s', (user, expected) => {
    expect(initials(user)).toBe(expected);
  });
});
