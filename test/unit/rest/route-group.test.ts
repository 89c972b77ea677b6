import { BUILDER_ERRORS, builderRoutes, routeGroup } from '../../../src/rest/routes/group';
import { routes } from '../../../src/rest/routes';

describe('route groups', () => {
  test("a row gets its group's defaults and may say otherwise", () => {
    const [plain, own] = routeGroup({ tag: 'Chat', auth: 'none', errors: [400, 500] }, [
      { method: 'POST', path: '/a', operation: 'A', summary: 'a' },
      { method: 'POST', path: '/b', operation: 'B', summary: 'b', auth: 'optional', errors: [400, 404, 500] },
    ]);
    expect(plain).toEqual({
      method: 'POST',
      path: '/a',
      operation: 'A',
      summary: 'a',
      tag: 'Chat',
      auth: 'none',
      errors: [400, 500],
    });
    expect(own).toMatchObject({ tag: 'Chat', auth: 'optional', errors: [400, 404, 500] });
  });

  test('builder routes take a bearer token and document the builder errors', () => {
    const [route] = builderRoutes('Bot', [{ method: 'GET', path: '/x', operation: 'X', summary: 'x' }]);
    expect(route).toMatchObject({ tag: 'Bot', auth: 'bearer', errors: BUILDER_ERRORS });
  });

  test('no two routes share a method and path', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
