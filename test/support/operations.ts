/** Every REST operation the app documents (its OpenAPI document), so that tests cover new routes too. */
import type { FastifyInstance } from 'fastify';

export interface Operation {
  readonly method: string;
  /** The OpenAPI path, e.g. /v1/games/{id}. */
  readonly path: string;
  readonly spec: any;
}

export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
  );
}

/** The path with each parameter replaced by `value(name)`. */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}
