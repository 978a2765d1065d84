/// <reference types="@calendar-events/tests/express4" />
import express from 'express';
import express4 from 'express4';
import { expect, it, vi } from 'vitest';
import { describeExpressAdapter } from './adapter-suite.js';

// The adapter imports `express` (a peer dependency): in an Express 4 app that resolves to Express 4. Make it so
// here, for the adapter as for this file.
vi.mock('express', async () => await import('express4'));

it('runs on Express 4 (the adapter builds its router with it too)', async () => {
  expect(express).toBe(express4);
  expect((await import('express4/package.json', { with: { type: 'json' } })).default.version).toMatch(/^4\./);
});

describeExpressAdapter('Express 4', express4 as never);
