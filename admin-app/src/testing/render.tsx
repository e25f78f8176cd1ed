// Until the last of this app's tests imports it directly: the one render helper of the three apps.
export { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
