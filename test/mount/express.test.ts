/** examples/mount/express.ts over a real socket: arcroute before express.json(), raw body intact. */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { describe, it } from "vitest";
import { createApp } from "../../examples/mount/express.js";
import { createFixture, expectHandlerSetMounted, expectOwnRouteWorks } from "./support.js";

describe("mounting in Express", () => {
  it("serves the handler set under /v1 while the app's own routes keep express.json()", async () => {
    const fixture = await createFixture();
    const server = await new Promise<Server>((resolve) => {
      const listening = createApp(fixture.api).listen(0, "127.0.0.1", () => resolve(listening));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expectHandlerSetMounted(`${origin}/v1`, fixture);
      await expectOwnRouteWorks(origin);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
