import express from 'express';
import { expect, it } from 'vitest';
import { describeExpressAdapter } from './adapter-suite.js';

it('runs on Express 5', async () => {
  expect((await import('express/package.json', { with: { type: 'json' } })).default.version).toMatch(/^5\./);
});

describeExpressAdapter('Express 5', express);
