/**
 * What every spec starts from: import `test` and `expect` from here, not from @playwright/test, and
 * ask for `inspector` (the page object on the test's page), `token` and `auth` (the token the app
 * under test accepts, and its Authorization header) and `api` (the HTTP API with that token).
 * One definition, so no spec rebuilds them and a new helper reaches every spec at once.
 */
import { test as base } from "@playwright/test";
import { E2E_TOKEN } from "../playwright.config";
import { InspectorPage } from "./pages/inspector-page";
import { InspectorApi } from "./support/api";

export interface InspectorFixtures {
  inspector: InspectorPage;
  token: string;
  auth: Readonly<{ Authorization: string }>;
  api: InspectorApi;
}

// The fixture callback is named `provide`, not Playwright's usual `use`: React's lint rules take
// any call to `use` for the React 19 hook.
export const test = base.extend<InspectorFixtures>({
  inspector: async ({ page }, provide) => provide(new InspectorPage(page)),
  token: E2E_TOKEN,
  auth: async ({ token }, provide) => provide({ Authorization: `Bearer ${token}` }),
  api: async ({ request, auth }, provide) => provide(new InspectorApi(request, auth)),
});

export { expect } from "@playwright/test";
