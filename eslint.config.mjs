import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = (pkg) => ({
  group: [`@werkboard/${pkg}`, `@werkboard/${pkg}/*`],
  message: `This package may not import @werkboard/${pkg}.`,
});
const relativeInto = (dir) => ({
  group: [`**/${dir}/**`, `**/${dir}`],
  message: `No relative imports into ${dir}/ from here.`,
});

// The renderer's layers (renderer/README.md): a layer imports only the layers below it.
// shared (api, components, platform, utils, store/types, store/hooks) < entities < features <
// pages < app; features are leaves: a feature never imports another feature.
const RENDERER = 'renderer/src';
const STORE_COMPOSITION = { path: `${RENDERER}/store`, except: ['./types.ts', './hooks.ts'] };
const layer = (name) => `${RENDERER}/${name}`;
const above = (...names) => names.map((name) => ({ path: layer(name) }));
const rendererLayerZones = [
  ...['api', 'components', 'platform', 'utils'].map((shared) => ({
    target: layer(shared),
    from: [...above('entities', 'features', 'pages', 'app'), STORE_COMPOSITION],
    message: 'Shared code (api, components, platform, utils) imports no entity, feature, page or app module.',
  })),
  {
    target: layer('entities'),
    from: [...above('features', 'pages', 'app'), STORE_COMPOSITION],
    message: 'An entity imports no feature, page or app module.',
  },
  {
    target: layer('features'),
    from: [...above('pages', 'app'), STORE_COMPOSITION],
    message: 'A feature imports no page or app module: pages compose features.',
  },
  {
    target: layer('pages'),
    from: [...above('app'), STORE_COMPOSITION],
    message: 'A page imports no app module.',
  },
  // Features are leaves: one feature never imports another (compose them in a page or in app/).
  ...fs.readdirSync(layer('features')).map((feature) => ({
    target: `${layer('features')}/${feature}`,
    from: layer('features'),
    except: [`./${feature}`],
    message: `Feature '${feature}' imports another feature: compose them in a page (pages/) or in app/, or move what both need to an entity or to shared code.`,
  })),
]
  .map(({ from, ...zone }) => {
    const paths = [from].flat().map((entry) => (typeof entry === 'string' ? { path: entry } : entry));
    return paths.map(({ path, except }) => ({ ...zone, from: path, ...(except ? { except } : {}) }));
  })
  .flat();

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-types/**', '**/node_modules/**', 'data/**', '.tmp/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Import boundaries: common imports nothing of ours; renderer and desktop never import server.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ours('server'),
            ours('renderer'),
            ours('desktop'),
            relativeInto('server'),
            relativeInto('renderer'),
            relativeInto('desktop'),
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // no-cycle reads the imported modules itself: with the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: rendererLayerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [ours('server'), ours('desktop'), relativeInto('server'), relativeInto('desktop')],
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch/useAppSelector from src/store/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [ours('renderer'), ours('desktop'), relativeInto('renderer'), relativeInto('desktop')] },
      ],
    },
  },
  {
    // The one request path (server/src/http/endpoint.ts): routes declare endpoints and call
    // services; they hold no SQL, open no transaction and refuse only through authorize().
    files: ['server/src/routes/**/*.ts', 'server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: "Transactions are opened by the endpoint (transaction: true); services take the caller's.",
        },
        {
          selector: "NewExpression[callee.name='ApiError'][arguments.0.value=403]",
          message: "Refuse through authorize() in the endpoint's authorize stage (or limitReached for a Free limit).",
        },
      ],
    },
  },
  {
    files: ['server/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ours('renderer'),
            ours('desktop'),
            relativeInto('renderer'),
            relativeInto('desktop'),
            { group: ['**/models', '**/models/*'], message: 'Routes reach the database through services.' },
          ],
          paths: [{ name: 'sequelize', allowTypeImports: true, message: 'No SQL in routes: use a service.' }],
        },
      ],
    },
  },
  {
    files: ['desktop/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [ours('server'), ours('renderer'), relativeInto('server'), relativeInto('renderer')] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
