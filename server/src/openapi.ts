import { type EndpointPath, ERRORS, endpointPaths, endpoints } from '@nexa/contract';
import { z } from 'zod';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/** OpenAPI 3.1 document generated from the contract table. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const path of endpointPaths as EndpointPath[]) {
    const ep = endpoints[path];
    // Every call of the specification is built now; a call declared ahead of its domain would say so.
    const planned = (ep.status as string) === 'planned';
    const errors = ep.errors.map((e) => `${e} (${ERRORS[e].code})`).join(', ');
    paths[path] = {
      post: {
        tags: [ep.domain],
        summary: ep.summary,
        description: [
          planned ? 'Declared; answers NotAvailable (1002) until its domain is built.' : '',
          ep.extension ? 'Extension beyond the product specification.' : '',
          ep.list !== 'none' ? `Paged: page + ${ep.list}, ${ep.pageSize} per page.` : '',
          errors ? `Errors: ${errors}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        security: ep.auth ? [{ token: [] }] : [],
        requestBody: { content: { 'application/json': { schema: jsonSchema(ep.request, 'input') } } },
        responses: {
          200: {
            description: '`{code, msg, data, error}`; code 200 is success, 406 an invalid session.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer' },
                    msg: { type: 'string' },
                    data: jsonSchema(ep.data, 'output'),
                    error: { type: 'string' },
                  },
                  required: ['code', 'msg', 'data'],
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nexa platform API',
      version: '1.0.0',
      description:
        'All calls are POST with a JSON body. With request protection on, the body is `{"payload": envelope}` ' +
        '(see docs/api.md). The `lang` header picks the language of `msg`.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
    paths,
  };
}
