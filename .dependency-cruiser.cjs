/**
 * The layer order, written down so `npm test` checks it (`npm run lint:layers`): a file may import
 * its own layer or any lower one, never a higher one, and no import may close a circle. Top to bottom:
 * entry points > app > transports > workers > webhooks > service > games and engine > store and config.
 */
const layers = [
  ['entry points', '^(src/(server|cluster|lifecycle)[.]ts$|scripts/|bench/)'],
  ['app', '^src/app[.]ts$'],
  // ops/ instruments the app's routes and pools, beside the transports.
  ['transports', '^src/(http|graphql|ops)/'],
  ['workers', '^src/jobs/'],
  ['webhooks', '^src/webhooks/'],
  ['service', '^src/service/'],
  ['games and engine', '^src/(games|engine)/'],
  ['store and config', '^src/(store/|config[.]ts$)'],
];

const upward = layers.slice(1).map(([name, path], index) => ({
  name: `no-up-from-${name.replaceAll(' ', '-')}`,
  comment: `${name} may not import a higher layer (${layers.slice(0, index + 1).map(([higher]) => higher).join(', ')})`,
  severity: 'error',
  from: { path },
  to: { path: layers.slice(0, index + 1).map(([, higher]) => higher) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-circular',
      comment: 'imports run one way: a circle ties its files into one room',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    // Type-only imports count too: they tie the layers together just the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
