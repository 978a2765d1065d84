// Compare the fast path with luxon's answer over many wall times in several zones.
import { DateTime } from 'luxon';
import { localToUtc } from '../src/dates/zones.js';
const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Auckland', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC+5:30', 'UTC-3'];
let n = 0, bad = 0;
const t = performance.now();
for (const zone of zones) for (let h = 0; h < 24 * 400; h += 1) {
  const base = DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone: 'UTC' }).plus({ hours: h, minutes: 30 * (h % 2) });
  const local = base.toFormat('yyyy-MM-dd HH:mm:ss');
  let expected: string;
  try {
    const dt = DateTime.fromObject({ year: base.year, month: base.month, day: base.day, hour: base.hour, minute: base.minute }, { zone: zone });
    if (!dt.isValid) continue;
    const readings = dt.getPossibleOffsets();
    expected = readings.reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a)).toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
  } catch { continue; }
  n++;
  const got = localToUtc(local, zone);
  if (got !== expected) { bad++; if (bad < 5) console.log(zone, local, got, expected); }
}
console.log(n, 'checked', bad, 'differ', (performance.now() - t).toFixed(0), 'ms');
