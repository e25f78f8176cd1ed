import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { RemoteId, RemoteRoutes } from '@prometrica/shared-api';
import { loadedRemoteRoutes, loadRemoteRoutes, resetRemote } from './registry';

const areaName: Record<RemoteId, string> = { participant: 'The assessment', admin: 'The management area' };

/** Shown when a remote cannot be loaded or crashes; the other remote keeps working. */
export function RemoteFailure({ remote, onRetry }: { remote: RemoteId; onRetry: () => void }) {
  return (
    <Center mih="60vh" p="md">
      <Alert color="red" title={`${areaName[remote]} could not be loaded`} maw={480} role="alert">
        <Stack gap="sm">
          <Text size="sm">
            It may be unavailable for a moment, or your connection dropped. Nothing you entered has been lost.
          </Text>
          <Button onClick={onRetry} color="red" variant="filled" w="fit-content">
            Retry
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

export function ScreenLoader({ label }: { label: string }) {
  return (
    <Center mih="60vh" aria-busy="true">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  remote: RemoteId;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote's render errors (a broken deploy) where its route loads. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.remote} remote failed`, error);
  }
  override render() {
    return this.state.failed ? (
      <RemoteFailure remote={this.props.remote} onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; routes: RemoteRoutes<string> } | { status: 'failed' };

/** Renders one screen of a remote, loading the remote on first use. */
export function RemoteScreen({ remote, screen }: { remote: RemoteId; screen: string }) {
  const [attempt, setAttempt] = useState(0);
  // A remote that has already loaded (started at boot, or shown before) renders at once.
  const [state, setState] = useState<LoadState>(() => {
    const routes = loadedRemoteRoutes(remote);
    return routes ? { status: 'ready', routes } : { status: 'loading' };
  });

  useEffect(() => {
    let live = true;
    const routes = loadedRemoteRoutes(remote);
    if (routes) {
      setState((s) => (s.status === 'ready' && s.routes === routes ? s : { status: 'ready', routes }));
      return;
    }
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    loadRemoteRoutes(remote).then(
      (routes) => live && setState({ status: 'ready', routes }),
      (error: unknown) => {
        console.error(`Loading the ${remote} remote failed`, error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  const retry = () => {
    resetRemote(remote);
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'failed') return <RemoteFailure remote={remote} onRetry={retry} />;
  if (state.status === 'loading') return <ScreenLoader label="Loading..." />;
  const Screen = state.routes.screens[screen];
  if (!Screen) return <RemoteFailure remote={remote} onRetry={retry} />;
  return (
    // Keyed by remote and attempt: the router reuses this tree position for the other remote.
    <RemoteBoundary key={`${remote}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense fallback={<ScreenLoader label="Loading..." />}>
        <Screen />
      </Suspense>
    </RemoteBoundary>
  );
}
