/** examples/mount/node-http.ts over a real socket. */
import type { AddressInfo } from "node:net";
import { describe, it } from "vitest";
import { createServer } from "../../examples/mount/node-http.js";
import { createFixture, expectHandlerSetMounted, expectOwnRouteWorks } from "./support.js";

describe("mounting in node:http", () => {
  it("serves the handler set under /v1 beside the app's own routes", async () => {
    const fixture = await createFixture();
    const server = createServer(fixture.api);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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
