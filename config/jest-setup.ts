import '@testing-library/jest-dom';

// The screens' tests type into real Mantine forms; on a busy two-core machine a test can take
// several seconds, so allow more than jest's 5 s. Set here, not as `testTimeout` in a package's
// config: run with `--projects` (as `pnpm test` does), jest reads that option only from the root.
jest.setTimeout(30_000);

// Tests of build-time renders run in Node (`@jest-environment node`): no window to complete.
if (typeof window !== 'undefined') {
  // Mantine reads these browser APIs that jsdom does not have.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = () => {};
  Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
