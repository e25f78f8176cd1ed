import { apiRouteTable } from '../../src/modules';
import { openApiPath, type OpenApiDocument } from '../../src/modules/docs/openapi';
import { appForTests } from '../helpers/build';

let document: OpenApiDocument;
const subject = appForTests();
beforeAll(async () => {
  const response = await subject.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

describe('the API reference', () => {
  it('registers every route of the table, and the table covers every call of the spec', () => {
    for (const route of apiRouteTable) {
      expect(subject.app.hasRoute({ method: route.method, url: `/api${route.url}` })).toBe(true);
    }
    const calls = apiRouteTable.map((route) => `${route.method} ${route.url}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /auth/login',
        'GET /auth/checkauth',
        'POST /auth/validateuser',
        'POST /user/change-password',
        'GET /user/getquestion',
        'POST /user/submitanswer',
        'GET /user/getuserresponse',
        'POST /useragreement/add',
        'POST /admin/addquestion',
        'GET /admin/getquestions',
        'PUT /admin/updatequestion/:id',
        'DELETE /admin/deletequestion/:id',
        'POST /admin/createuser',
        'GET /admin/getallusers',
        'PUT /admin/updateuser/:id',
        'DELETE /admin/deleteuser/:id',
        'GET /admin/getquizresult',
        'GET /admin/getquizresult/:id',
        'POST /category',
        'GET /category',
        'PUT /category/:id',
        'DELETE /category/:id',
        'POST /complaint/create-complaint',
        'GET /complaint/getAll',
        'PUT /complaint/edit/:id',
        'DELETE /complaint/delete/:id',
        'GET /complaint-bother/get-all',
        'POST /complaint-bother/add-complaint',
        'GET /complaint-bother/get-all-complaints',
        'DELETE /complaint-bother/delete-user-complaint/:id',
        'GET /admin/stats',
      ]),
    );
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('is OpenAPI 3.1 with every route: method, access, request schemas and response schema', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(apiRouteTable.length);
    for (const route of apiRouteTable) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      // A file's reply (a PDF) is described by its media type, every other reply by its JSON schema.
      expect(
        operation!.responses[String(route.status)]?.content?.[[route.produces ?? 'application/json'].flat()[0]!]
          ?.schema,
      ).toEqual(expect.any(Object));
      expect(Boolean(operation!.requestBody)).toBe(Boolean(route.body));
      // Every `:name` of the path is a required path parameter (`:id`, `:resultId`, `:token`).
      for (const [, name] of route.url.matchAll(/:([A-Za-z]+)/g))
        expect(operation!.parameters).toEqual(
          expect.arrayContaining([expect.objectContaining({ name, in: 'path', required: true })]),
        );
      if (route.access.kind === 'public') expect(operation!.security).toEqual([]);
      else expect(operation!.security.length).toBeGreaterThan(0);
    }
  });

  it('says who may call each route', () => {
    expect(document.paths['/api/admin/addquestion']!.post!['x-access']).toEqual(['admin', 'superadmin']);
    expect(document.paths['/api/user/getquestion']!.get!['x-access']).toEqual(['participant']);
    expect(document.paths['/api/complaint-bother/get-all']!.get!['x-access']).toEqual([
      'participant',
      'admin',
      'superadmin',
    ]);
    expect(document.paths['/api/auth/validateuser']!.post!['x-access']).toEqual(['public']);
    expect(document.paths['/api/user/change-password']!.post!['x-access']).toEqual(['user', 'admin', 'superadmin']);
    for (const path of ['/api/invitations/open', '/api/auth/resume']) {
      expect(document.paths[path]!.post!['x-access']).toEqual(['public']);
    }
    expect(document.paths['/api/admin/participants']!.get!['x-access']).toEqual(['admin', 'superadmin']);
    expect(document.paths['/api/invitations/open']!.post!.responses['410']!.description).toBe(
      'Gone: the invitation or report link was withdrawn or has expired',
    );
  });

  it('generates the schemas from the contract: query parameters, bodies and replies', () => {
    const list = document.paths['/api/admin/getquestions']!.get!;
    expect(list.parameters!.map((parameter) => parameter.name)).toEqual(['page', 'limit', 'search']);
    expect(list.parameters![1]!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    const add = document.paths['/api/admin/addquestion']!.post!;
    expect(add.requestBody!.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['question', 'correctAnswer', 'questionType', 'category']),
    });
    expect(add.responses['201']).toBeDefined();
    const participantQuestions = JSON.stringify(document.paths['/api/user/getquestion']!.get!.responses['200']);
    expect(participantQuestions).toContain('questionType');
    expect(participantQuestions).not.toContain('correctAnswer');
  });

  it('serves a self-contained HTML page without any script', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|script-src/);
    expect(response.body).not.toMatch(/<script|<link|src=|https?:\/\//i);
    for (const route of apiRouteTable) expect(response.body).toContain(openApiPath(route.url));
  });
});
