import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'docs/**', '.stryker/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Process boundaries, enforced: only the electron room may import electron (architecture doc).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/electron/, src/main/index.ts and src/preload/index.ts import electron.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/main/electron/**', 'src/main/index.ts', 'src/preload/index.ts', 'test/unit/electron/**'],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } }
  }
)
