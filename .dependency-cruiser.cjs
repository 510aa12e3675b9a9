/**
 * Import rules checked by `npm run lint:deps` (part of `npm test`). Type-only imports are left
 * out: they vanish at build time, so they cannot make a module load before its dependencies.
 */
module.exports = {
  forbidden: [
    {
      name: "no-service-cycles",
      comment:
        "A runtime import cycle among the services makes load order matter and hides which area depends on which: move the shared piece down (to the domain, or to the area both use).",
      severity: "error",
      from: { path: "^src/services/" },
      to: {
        path: "^src/services/",
        circular: true,
        viaOnly: { dependencyTypesNot: ["type-only"] },
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
