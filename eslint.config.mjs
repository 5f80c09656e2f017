import nextVitals from "eslint-config-next/core-web-vitals";
import pluginQuery from "@tanstack/eslint-plugin-query";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "dist/**",
      "test-results/**",
      "playwright-report/**",
      ".reports/**",
      "next-env.d.ts",
      "**/*.mjs",
    ],
  },
  ...nextVitals,
  ...pluginQuery.configs["flat/recommended"],
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  // The layering (docs/ARCHITECTURE.md): app → components/server → lib, never back.
  {
    files: ["components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/*", "**/server/*"],
              message: "components/ and lib/ never import server/ (Node-only).",
            },
            { group: ["@/app/*"], message: "Only app/ imports app/." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    // Tests beside the code may read fixtures from disk.
    ignores: ["lib/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/server/*", "**/server/*"], message: "lib/ never imports server/ (Node-only)." },
            {
              group: ["@/components/*", "**/components/*", "@/app/*"],
              message: "lib/ is below components/ and app/.",
            },
            {
              group: ["react", "react-dom", "node:*"],
              message: "lib/ is isomorphic and holds no React state.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/components/*", "**/components/*", "@/app/*"],
              message: "server/ is below app/ and never renders UI.",
            },
          ],
        },
      ],
    },
  },
);
