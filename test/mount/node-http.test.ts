/** examples/mount/node-http.ts over a real socket. */
import { describe, it } from "vitest";
import { createServer } from "../../examples/mount/node-http.js";
import { createFixture, expectHandlerSetMounted, expectOwnRouteWorks, withListening } from "./support.js";

describe("mounting in node:http", () => {
  it("serves the handler set under /v1 beside the app's own routes", async () => {
    const fixture = await createFixture();
    await withListening(createServer(fixture.api), async (origin) => {
      await expectHandlerSetMounted(`${origin}/v1`, fixture);
      await expectOwnRouteWorks(origin);
    });
  });
});
