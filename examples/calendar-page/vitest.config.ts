import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['@calendar-events/source', ...defaultServerConditions] } },
  test: {
    name: 'example-calendar-page',
    include: ['src/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
