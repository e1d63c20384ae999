import { describe, expect, it, vi } from 'vitest';
import {
  currentYear,
  daysSince,
  formatDate,
  formatDateTime,
  schoolDate,
  schoolInstant,
  schoolTime,
  schoolToday,
} from './dates';

// src/test/setup.ts puts every test in America/New_York (UTC-5 in winter, UTC-4 in summer).
describe('school time under another browser zone', () => {
  it('runs in New York, not Tokyo', () => {
    expect(new Date('2026-11-24T15:30:00Z').getHours()).toBe(10);
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(240);
  });

  it('formats instants on the Tokyo clock', () => {
    expect(formatDateTime('2026-11-20T10:00:00Z')).toBe('2026/11/20 19:00');
    expect(formatDateTime('2026-11-20T19:00:00+09:00')).toBe('2026/11/20 19:00');
    expect(formatDateTime('2026-11-20T05:00:00-05:00', 'YYYY年M月D日(dd) HH:mm')).toBe('2026年11月20日(金) 19:00');
    // New York's summer time changes nothing in Tokyo.
    expect(formatDateTime('2026-07-01T12:00:00Z')).toBe('2026/07/01 21:00');
    // Before 1952 the zone's rules are Intl's: Tokyo kept summer time in 1950 (+10:00) and was
    // back at +09:00 by the end of 1951; from 1952 on it is +09:00 without asking Intl.
    expect(formatDateTime('1950-07-01T12:00:00Z')).toBe('1950/07/01 22:00');
    expect(formatDateTime('1951-12-31T14:59:59Z', 'YYYY/MM/DD HH:mm:ss')).toBe('1951/12/31 23:59:59');
    expect(formatDateTime('1952-01-01T00:00:00Z')).toBe('1952/01/01 09:00');
    expect(formatDateTime('2026-11-20T10:00:59.999Z', 'HH:mm:ss.SSS')).toBe('19:00:59.999');
  });

  it('takes the school day around midnight Tokyo, which is the afternoon before in UTC', () => {
    expect(schoolDate('2026-11-24T14:59:59Z')).toBe('2026-11-24');
    expect(schoolDate('2026-11-24T15:00:00Z')).toBe('2026-11-25');
    expect(schoolDate('2026-11-25T23:59:00+09:00')).toBe('2026-11-25');
    expect(schoolDate('2026-11-25')).toBe('2026-11-25');
    expect(schoolDate('not a date')).toBe('');
    // 20:00 in New York on the 24th is already the 25th in Tokyo.
    expect(schoolToday(new Date('2026-11-24T20:00:00-05:00'))).toBe('2026-11-25');
    expect(currentYear(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
    expect(schoolTime('2026-12-31T15:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2027-01-01 00:00');
  });

  it('shows days as 2026/11/25, from a day or from an instant on the Tokyo clock', () => {
    expect(formatDate('2026-11-25')).toBe('2026/11/25');
    expect(formatDate('2026-11-24T15:00:00Z')).toBe('2026/11/25');
    expect(formatDate('2026-11-24T23:30:00+09:00')).toBe('2026/11/24');
    expect(formatDate('')).toBe('');
  });

  it('turns school wall-clock fields into instants with the school offset', () => {
    expect(schoolInstant('2026-12-05', '19:00')).toBe('2026-12-05T19:00:00+09:00');
    expect(schoolInstant('2026-07-01', '00:30:15')).toBe('2026-07-01T00:30:15+09:00');
    expect(Date.parse(schoolInstant('2026-12-05', '00:00'))).toBe(Date.parse('2026-12-04T15:00:00Z'));
  });

  it('counts whole days waited', () => {
    expect(daysSince('2026-11-20T10:00:00Z', new Date('2026-11-23T09:59:00Z'))).toBe(2);
    expect(daysSince('2026-11-20T10:00:00Z', new Date('2026-11-23T10:00:00Z'))).toBe(3);
    expect(daysSince('2026-11-25T10:00:00Z', new Date('2026-11-23T10:00:00Z'))).toBe(0);
  });
});

describe('validity without Date#toString', () => {
  it('tells valid from invalid instants and never renders a Date as a string to do it', () => {
    const toString = vi.spyOn(Date.prototype, 'toString');
    expect(formatDateTime('2026-11-20T10:00:00Z')).toBe('2026/11/20 19:00');
    expect(formatDate('2026-11-20T16:00:00Z')).toBe('2026/11/21');
    expect(schoolDate('not a date')).toBe('');
    expect(schoolTime('2026-13-45T99:00:00Z').isValid()).toBe(false);
    expect(schoolTime(new Date(Number.NaN)).isValid()).toBe(false);
    expect(schoolTime(new Date(0)).isValid()).toBe(true);
    expect(toString).not.toHaveBeenCalled();
  });
});
