import { defineConfig } from "vitest/config";

/** Mutation testing of the rules (`npm run mutation`): the domain's own suite, nothing else. */
export default defineConfig({
  test: {
    include: ["src/domain/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
