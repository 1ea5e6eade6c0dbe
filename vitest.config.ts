import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "adapters/**/*.test.ts", "test/**/*.test.ts", "benchmarks/**/*.test.ts"],
    // Real sockets, real databases and child processes: give slow CI machines room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
