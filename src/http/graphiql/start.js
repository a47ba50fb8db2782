// Starts GraphiQL on this page (src/http/graphiql/graphiql.ts serves it). Queries and mutations go to
// /graphql over HTTP; subscriptions over graphql-ws on the same path, with the headers of the Headers
// tab as the connection_init payload (so {"authorization": "Bearer <token>"} works for both).
/* global React, ReactDOM, GraphiQL */
(function start() {
  var url = new URL('/graphql', window.location.href);
  var subscriptionUrl = url.href.replace(/^http/, 'ws');
  var fetcher = GraphiQL.createFetcher({ url: url.href, subscriptionUrl: subscriptionUrl });
  var defaultQuery = [
    '# Portolan: send {"authorization": "Bearer <token>"} in the Headers tab to act as a player.',
    'query GameTypes {',
    '  gameTypes { id title minPlayers maxPlayers botLevels }',
    '}',
    '',
  ].join('\n');
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: defaultQuery, isHeadersEditorEnabled: true }));
})();
