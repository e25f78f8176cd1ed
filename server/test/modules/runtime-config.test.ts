import { build } from '../helpers/build';

describe('GET /config.json', () => {
  it('points the shell at the API and at the remotes served by this server by default', async () => {
    const { app, close } = await build();
    try {
      const response = await app.inject({ method: 'GET', url: '/config.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        apiBaseUrl: '/api',
        remotes: {
          participant: '/remotes/participant/mf-manifest.json',
          admin: '/remotes/admin/mf-manifest.json',
        },
      });
    } finally {
      await close();
    }
  });

  it('takes remote URLs from PARTICIPANT_REMOTE_URL and ADMIN_REMOTE_URL', async () => {
    const { app, close } = await build({
      PARTICIPANT_REMOTE_URL: 'https://cdn.example.com/participant/v2/mf-manifest.json',
      ADMIN_REMOTE_URL: '/other/admin/mf-manifest.json',
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/config.json' });
      expect(response.json()).toEqual({
        apiBaseUrl: '/api',
        remotes: {
          participant: 'https://cdn.example.com/participant/v2/mf-manifest.json',
          admin: '/other/admin/mf-manifest.json',
        },
      });
    } finally {
      await close();
    }
  });
});
