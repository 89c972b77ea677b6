// ESLint: correctness rules for TypeScript (typescript-eslint's recommended
// set, without type information so a run stays fast); formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'src/db/generated/',
      'src/rest/generated/',
      'src/web/console/api/generated.ts',
      'coverage/',
      'artefacts/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // `any` is allowed only at JSON boundaries, and there it is parsed at once: say so where it is used.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'smart'],
      // A `let` set once after closures that read it were made is not a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-console': 'off',
    },
  },
  {
    // Tests and benches read HTTP answers: JSON of open shape, asserted rather than parsed.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs', 'bin/**/*.js', 'scripts/**/*.js', 'jest.config.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
