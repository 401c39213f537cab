// The kit's own code: ESLint's and typescript-eslint's recommended rules; each exception says why.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // The corpus and fixtures are tools written the way outside authors write them; generated files are checked
    // against their generator instead.
    ignores: ['dist/', 'node_modules/', 'fixtures/', 'scenarios/', 'coverage/', 'test-results/', 'test/package/work/', 'bench/work/', 'src/**/*.generated.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore names what is left out on purpose (a rest sibling, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // The kit reads and neutralises control characters for a living: its patterns name them.
      'no-control-regex': 'off',
      // The matchers' type augmentation is declaration merging into the runners' namespaces and interfaces.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // TypeScript checks names itself (and knows the DOM-free lib this project uses).
    files: ['**/*.ts'],
    rules: { 'no-undef': 'off' },
  },
  {
    // CommonJS files: require() is how they import.
    files: ['**/*.cjs', 'test/package/fixtures/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The packed-kit projects that run with the test runners' globals on.
    files: ['test/package/fixtures/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Tests poke at values whose types do not matter to the assertion.
    files: ['test/**', 'examples/**/test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
