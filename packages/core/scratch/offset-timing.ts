import { IANAZone } from 'luxon';
const z = IANAZone.create('Europe/Berlin');
let t = performance.now(); let s = 0;
for (let i = 0; i < 10000; i++) s += z.offset(Date.UTC(2027, 0, 1) + i * 3600_000);
console.log('offset µs', ((performance.now() - t) * 1000 / 10000).toFixed(2), s);
t = performance.now();
for (let i = 0; i < 10000; i++) s += z.offset(Date.UTC(2027, 0, 1) + i * 3600_000);
console.log('offset µs', ((performance.now() - t) * 1000 / 10000).toFixed(2), s);
