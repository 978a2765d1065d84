import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['@calendar-events/source', ...defaultServerConditions] } },
  test: {
    name: 'http-express',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
