import { expandRecurrence, parseRecurrence } from '../src/ical/recurrence.js';
import { localToUtc } from '../src/dates/zones.js';
for (let i = 0; i < 4; i++) {
  let t = performance.now();
  const p = parseRecurrence(['RRULE:FREQ=DAILY'], 'Europe/Berlin');
  const o = expandRecurrence(p, `2026-12-0${i + 1} 19:00:00`, 'Europe/Berlin', '2028-11-26 00:00:00');
  console.log('expand', o.length, (performance.now() - t).toFixed(1));
  t = performance.now();
  for (const x of o) localToUtc(x.local.replace('19:00', '20:30'), 'Europe/Berlin');
  console.log('localToUtc x', o.length, (performance.now() - t).toFixed(1));
}
