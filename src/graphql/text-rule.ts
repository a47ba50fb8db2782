/**
 * GraphQL's side of the text guard (src/http/text-guard.ts): string literals in a document and every
 * string in the variables are refused when they hold control characters, before anything executes.
 */
import { GraphQLError, type ValidationContext, type ASTVisitor } from 'graphql';
import { CONTROL_CHARACTERS } from '../http/schemas.js';

export function controlCharacterRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (CONTROL_CHARACTERS.test(node.value)) {
        context.reportError(new GraphQLError('text must not contain control characters (such as NUL)', { nodes: node, extensions: { code: 'BAD_REQUEST' } }));
      }
    },
  };
}
