import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts after each test by itself only where test globals exist; this project
// keeps `globals: false`, so every rendered tree and stored value is dropped here instead.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
