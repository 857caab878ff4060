import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Read at lint time, so a new feature folder is fenced off from the others without editing this file.
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Imports flow one way: shared -> features -> app. A feature's screens are its own: another
// feature may read its data through its public `api/` folder (the generated endpoints and their
// cache tags, one per OpenAPI tag), never import its components. Screens that combine several
// features' components are composed in src/app.
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/api`)],
    message:
      "A feature never imports another feature's components (only its api/). Move what both need to src/shared, or compose them in src/app.",
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import from src/app; src/app composes features, not the reverse.',
  },
  {
    target: './src/shared',
    from: ['./src/features', './src/app'],
    message: 'src/shared is the bottom layer: it never imports from src/features or src/app.',
  },
];

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'playwright-report', 'test-results']),
  {
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: {
      globals: globals.browser,
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: { project: path.join(root, 'tsconfig.app.json') },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    files: ['*.{js,mjs,ts}', 'scripts/**/*.{js,mjs}', 'e2e/**/*.{js,mjs,ts}'],
    languageOptions: {
      globals: globals.node,
    },
  },
  {
    // Generated code is linted for boundaries like everything else, but its style is the
    // generator's: empty schemas become `{}` types, for instance.
    files: ['**/*.gen.ts'],
    rules: {
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
]);
