import path from 'node:path';

/**
 * Feature boundaries of the front-ends (issue 21, docs/decisions/0040 §5): a folder under
 * `apps/<app>/src/features/` imports only its own files, the app's `src/shared/`, `src/test/` and
 * packages; `src/shared/` imports no feature. The app shell (`src/app/`) composes the features.
 *
 * A rule of its own rather than `no-restricted-imports`, because that rule matches the text of
 * the specifier, not the file it lands on (`../auth` is another feature from `features/deals/`
 * but deals' own folder from `features/deals/tabs/`), and it does not see `import()`, which both
 * apps use for their lazy pages. This one resolves every relative specifier of an import, an
 * export … from, an `import()`, an `import('…')` type and a `vi.mock('…')` against the file.
 */

/** Where a path lies: its app's `src` folder and the feature or layer under it. */
function placeOf(absolutePath) {
  const posix = absolutePath.split(path.sep).join('/');
  const match = /^(?<src>.*\/apps\/[^/]+\/src)\/(?<layer>[^/]+)(?:\/(?<feature>[^/]+))?/.exec(posix);
  if (!match?.groups) return null;
  const { src, layer, feature } = match.groups;
  return { src, layer, feature: layer === 'features' ? feature : undefined };
}

const WHERE_SHARED_GOES = 'Move what more than one feature needs out of the features: components both apps use to packages/ui, the app\'s own pieces to src/shared/; src/app/ composes the features.';

/** @type {import('eslint').Rule.RuleModule} */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder imports only its own files; src/shared/ imports no feature.' },
    schema: [],
    messages: {
      crossFeature: `features/{{own}} imports "{{source}}" of features/{{other}}: a feature imports only its own files, src/shared/, src/test/ and packages. ${WHERE_SHARED_GOES}`,
      sharedImportsFeature: `src/shared/ imports "{{source}}" of features/{{other}}: shared pieces sit below the features and import none. ${WHERE_SHARED_GOES}`,
    },
  },
  create(context) {
    const file = context.filename;
    const own = placeOf(file);
    if (!own || (own.layer !== 'features' && own.layer !== 'shared') || (own.layer === 'features' && !own.feature)) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(file), source));
      if (!target || target.layer !== 'features' || !target.feature) return;
      if (own.layer === 'shared') {
        if (target.src === own.src) context.report({ node, messageId: 'sharedImportsFeature', data: { source, other: target.feature } });
        return;
      }
      if (target.src !== own.src || target.feature !== own.feature) {
        context.report({ node, messageId: 'crossFeature', data: { source, own: own.feature, other: target.feature } });
      }
    }

    const checkSource = (node) => {
      if (node.source?.type === 'Literal') check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      TSImportType(node) {
        // typescript-eslint 8 names the specifier `source` (`argument` before, now deprecated).
        const literal = 'source' in node ? node.source : node.argument?.type === 'TSLiteralType' ? node.argument.literal : null;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
      // vi.mock('../payments/api') couples a test to another feature's files as much as an import.
      CallExpression(node) {
        const { callee } = node;
        const [first] = node.arguments;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock'].includes(callee.property.name) &&
          first?.type === 'Literal'
        ) {
          check(first, first.value);
        }
      },
    };
  },
};

export default {
  meta: { name: 'lending-feature-boundaries' },
  rules: { 'no-cross-feature-imports': noCrossFeatureImports },
};
