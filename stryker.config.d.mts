// The types of what vitest.stryker.config.ts reads from stryker.config.mjs (checked JSDoc there).
export declare const mutationModules: Record<
  string,
  { mutate: string[]; testFiles: string[]; tsconfig: string; environment?: 'jsdom' }
>;
