import { defineConfig } from "vitest/config";

// The Workers end-to-end tests (`npm run test:workers`): the built bundle in dist/ on workerd
// against the Hrana test server. Kept apart from the unit suite because they need that build.
export default defineConfig({
  test: {
    include: ["test/workers/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
