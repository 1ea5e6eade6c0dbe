/** examples/mount/hono.ts served by @hono/node-server over a real socket. */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { describe, it } from "vitest";
import { createApp } from "../../examples/mount/hono.js";
import { createFixture, expectHandlerSetMounted, expectOwnRouteWorks } from "./support.js";

describe("mounting in Hono", () => {
  it("serves the handler set under /v1 beside the app's own routes", async () => {
    const fixture = await createFixture();
    const server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: createApp(fixture.api).fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expectHandlerSetMounted(`${origin}/v1`, fixture);
      await expectOwnRouteWorks(origin);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
