import js from '@eslint/js';
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
    languageOptions: { globals: { ...globals.browser } },
    rules: {
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
