import { describe, expect, it } from 'vitest';
import { greetingForHour } from './greeting-for-hour';

describe('greetingForHour', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [23, 'Good Evening'],
  ])('at %i o’clock says %s', (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });
});
