/// <reference path="./express4.d.ts" />
import express4 from 'express4';
import { expect, it } from 'vitest';
import { mountOnExpress } from './mounts.js';
import { describeAdapterTranslation } from './translation-suite.js';

it('runs the host apps on Express 4', async () => {
  expect((await import('express4/package.json', { with: { type: 'json' } })).default.version).toMatch(/^4\./);
});

describeAdapterTranslation('createCalendarRouter on Express 4', mountOnExpress(express4));
