import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['@calendar-events/source', ...defaultServerConditions] } },
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 90000,
    hookTimeout: 60000,
  },
});
