import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Features that other features may import: the chat client and UI, and the payment forms. */
const sharedFeatures = ['chat', 'payments'];

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', '.data/**', 'desktop/release/**', 'desktop/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Command-line tools, build scripts, benchmarks and tests talk to the terminal.
    files: ['api/src/cli/**', 'scripts/**', 'desktop/scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // shared/ is the contract between api, web and desktop: zod only, no platform or app code.
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@/*', '**/api/**', '**/web/**', '**/desktop/**', 'react', 'react-dom'] },
      ],
    },
  },
  {
    // The API never reaches into the web app.
    files: ['api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/*', '**/web/src/**'] }] },
  },
  // A feature never imports another feature, except the shared features, which any feature may use; a shared feature
  // imports no other feature. app/ composes them (docs/architecture.md, "The web app").
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                `!@/features/${feature}`,
                `!@/features/${feature}/**`,
                ...(sharedFeatures.includes(feature)
                  ? []
                  : sharedFeatures.flatMap((shared) => [`!@/features/${shared}`, `!@/features/${shared}/**`])),
              ],
              message: sharedFeatures.includes(feature)
                ? 'A shared feature must not import other features.'
                : `Features must not import other features (only the shared ${sharedFeatures.join(' and ')}); compose them in web/src/app.`,
            },
            { group: ['@/app/*'], message: 'Features must not import the app layer.' },
          ],
        },
      ],
    },
  })),
  {
    // Payments know no domain: orders, consultation and subscriptions use payments, never the reverse
    // (decision 060); api/src/payment-wiring.ts composes them.
    files: ['api/src/modules/payments/**'],
    // Tests drive the whole app and may check any domain's rows.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*', '**/web/src/**'], message: 'The API never reaches into the web app.' },
            { regex: '^\\.\\./(?!\\.\\./)', message: 'payments imports no other module (decision 060).' },
          ],
        },
      ],
    },
  },
  {
    // The live layer sits below the modules (decision 160): they publish and subscribe through it, never the reverse.
    files: ['api/src/live/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*', '**/web/src/**'], message: 'The API never reaches into the web app.' },
            {
              group: ['**/modules/**'],
              message: 'live/ imports no module: modules use the live layer (decision 160).',
            },
          ],
        },
      ],
    },
  },
  {
    // Data access (docs/architecture.md): no model is bound to a global connection; every query is given one.
    files: ['api/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^[A-Z]/][callee.property.name=/^(query|relatedQuery)$/][arguments.length=0]',
          message: 'Give the query its connection or transaction: Model.query(db) or Model.query(trx).',
        },
        {
          selector: 'CallExpression[callee.object.name=/^[A-Z]/][callee.property.name=/^(knex|transaction)$/]',
          message: 'Models are not bound to a connection: use db.transaction() and pass db or trx to each query.',
        },
      ],
    },
  },
);
