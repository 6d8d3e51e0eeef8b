import js from '@eslint/js';
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
