import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  // Media are pre-sized WebP files served from /images with width and height set; the
  // Next image optimizer would add a second, uncached hop per image.
  { rules: { '@next/next/no-img-element': 'off' } },
  // CommonJS preloads (`node --require`) must run before any ES module loader exists.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
];

export default config;
