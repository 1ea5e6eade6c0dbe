/** examples/mount/express.ts over a real socket: arcroute before express.json(), raw body intact. */
import { createServer } from "node:http";
import { describe, it } from "vitest";
import { createApp } from "../../examples/mount/express.js";
import { createFixture, expectHandlerSetMounted, expectOwnRouteWorks, withListening } from "./support.js";

describe("mounting in Express", () => {
  it("serves the handler set under /v1 while the app's own routes keep express.json()", async () => {
    const fixture = await createFixture();
    // What app.listen() does: the Express app is the node:http request listener.
    await withListening(createServer(createApp(fixture.api)), async (origin) => {
      await expectHandlerSetMounted(`${origin}/v1`, fixture);
      await expectOwnRouteWorks(origin);
    });
  });
});
