import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import type { Loader } from './load-once';
import { sectionScreen } from './section-screen';

interface FakeModule {
  Hello: ComponentType<{ name: string }>;
}
const fakeModule: FakeModule = { Hello: ({ name }) => <p>Hello {name}</p> };

/** A loader whose load the test finishes by hand. */
function fakeLoader(alreadyLoaded: boolean) {
  let finish!: (value: FakeModule) => void;
  let current: FakeModule | undefined = alreadyLoaded ? fakeModule : undefined;
  const promise = alreadyLoaded
    ? Promise.resolve(fakeModule)
    : new Promise<FakeModule>((resolve) => (finish = resolve));
  const loader: Loader<FakeModule> = Object.assign(
    jest.fn(() => promise),
    { loaded: () => current },
  );
  return {
    loader,
    finish: () => {
      current = fakeModule;
      finish(fakeModule);
    },
  };
}

const ui = (Screen: ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>Loading...</p>}>
    <Screen name="Ada" />
  </Suspense>
);

test('a section that has loaded renders in the first render, without the fallback', () => {
  const { loader } = fakeLoader(true);
  const Screen = sectionScreen(loader, (m) => m.Hello);
  render(ui(Screen));
  expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});

test('a section that has not loaded shows the fallback until it arrives', async () => {
  const { loader, finish } = fakeLoader(false);
  const Screen = sectionScreen(loader, (m) => m.Hello);
  render(ui(Screen));
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  await act(async () => finish());
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  expect(loader).toHaveBeenCalledTimes(1);
});
