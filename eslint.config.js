import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Features that other features may import: the chat client and UI, the payment forms, the canned-reply text box. */
const sharedFeatures = ['chat', 'payments', 'canned-replies'];

/**
 * Which API module may import which (docs/architecture.md, "Modules"; decision 162). A module reads another's data
 * only through that module's exported functions, so these edges are also who reads whose tables. A module missing
 * here imports no other module; tests are exempt (they drive the whole app and may check any domain's rows).
 */
const moduleGraph = {
  attachments: ['users'],
  assignment: ['chat', 'tickets', 'settings', 'users'],
  audit: ['users'],
  auth: ['users', 'mail', 'audit'],
  billing: ['users', 'mail'],
  'canned-replies': ['audit', 'users', 'chat', 'enquiries', 'orders', 'tickets'],
  catalog: ['audit'],
  chat: ['auth', 'users', 'tickets', 'mail', 'settings', 'audit', 'service-levels', 'surveys'],
  consultation: ['payments', 'tickets', 'users', 'mail', 'billing'],
  enquiries: ['tickets', 'users', 'mail', 'audit', 'catalog', 'settings'],
  customers: ['auth', 'users', 'orders', 'tickets', 'enquiries', 'chat', 'subscriptions', 'audit', 'surveys', 'mail'],
  dashboard: ['orders', 'chat', 'enquiries', 'tickets', 'service-levels'],
  health: ['mail'],
  'inbound-email': ['mail', 'tickets', 'enquiries', 'quotes', 'users', 'attachments'],
  mail: [],
  orders: ['catalog', 'payments', 'users', 'mail', 'audit', 'billing'],
  quotes: ['catalog', 'users', 'mail', 'audit', 'payments', 'billing', 'tickets', 'orders', 'subscriptions'],
  reports: ['settings'],
  payments: [],
  'service-levels': ['settings', 'audit'],
  tickets: ['users', 'mail', 'audit', 'settings', 'service-levels', 'attachments', 'surveys'],
  settings: ['audit', 'users', 'subscriptions'],
  staff: ['users', 'auth', 'mail', 'audit'],
  site: ['catalog', 'subscriptions', 'service-levels'],
  surveys: ['settings', 'mail', 'audit'],
  subscriptions: ['payments', 'users', 'mail', 'audit', 'billing'],
  users: [],
};
const apiModules = readdirSync('api/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The files outside modules/ that compose the modules: a module never imports them. */
const compositionFiles = ['app.ts', 'payment-wiring.ts', 'maintenance.ts', 'server.ts', 'main.ts'];
/** How eslint-plugin-import-x finds and reads the API's imports: TypeScript sources, `@shared/*` as in tsconfig.json. */
const importXSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [
    createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: { '@shared': [path.resolve('shared/src')] } }),
  ],
};

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
    // The module graph (docs/architecture.md, "Modules"): each module imports only the modules its entry allows.
    // Payments know no domain (decision 060); the composition files (app.ts, payment-wiring.ts, …) bring them together.
    files: ['api/src/modules/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: importXSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiModules.map((module) => {
              const allowed = moduleGraph[module] ?? [];
              return {
                target: `./api/src/modules/${module}`,
                from: './api/src/modules',
                except: [`./${module}`, ...allowed.map((other) => `./${other}`)],
                message: allowed.length
                  ? `${module} may import only ${allowed.join(', ')} (the module graph in docs/architecture.md; eslint.config.js moduleGraph).`
                  : `${module} imports no other module (the module graph in docs/architecture.md; eslint.config.js moduleGraph).`,
              };
            }),
            {
              target: './api/src/modules',
              from: compositionFiles.map((file) => `./api/src/${file}`),
              message: 'Modules never import the files that compose them (app.ts, payment-wiring.ts, …).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the API and the shared contract: a cycle is a module graph the docs cannot draw.
    files: ['api/src/**/*.ts', 'api/src/**/*.tsx', 'shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importXSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
