import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_OPERATIONS } from '#domain/public-api';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { publicGet } from '../test/api-app-kit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(() => ctx?.close());

describe('GET /api/public/v1/openapi.json', () => {
  it('documents every operation from the zod schemas, without a token, in the caller language', async () => {
    const res = await publicGet(ctx, '/openapi.json', undefined, { 'Accept-Language': 'pt-BR' });
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/public/v1' }]);
    for (const op of PUBLIC_OPERATIONS) expect(doc.paths[op.path][op.method].operationId).toBe(op.id);
    const list = doc.paths['/tickets'].get;
    expect(list.summary).toBe('Listar as solicitações de pós-venda');
    expect(list['x-scope']).toBe('modulo_postventa');
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual([
      'page',
      'rowsPerPage',
      'project_id',
      'state',
      'updated_since',
    ]);
    const state = list.parameters.find((p: { name: string }) => p.name === 'state');
    expect(state).toMatchObject({ in: 'query', style: 'form', explode: false, schema: { type: 'array' } });
    const row = list.responses['200'].content['application/json'].schema.properties.data.items;
    expect(row.properties.state.enum).toContain('nueva');
    expect(list.responses['429'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(doc.paths['/tickets/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    const token = doc.paths['/oauth/token'].post;
    expect(token.security).toEqual([]);
    expect(Object.keys(token.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(doc.components.securitySchemes.clientCredentials.flows.clientCredentials.tokenUrl).toBe(
      '/api/public/v1/oauth/token',
    );
  });
});
