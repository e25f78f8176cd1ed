// The async boundary lets the federation runtime negotiate shared libraries before any code runs.
//
// The largest libraries are evaluated first, each in a task of its own, and then the shell: on a
// slow phone, evaluating all of it at once held the main thread for one long task just after the
// details form was painted, and whatever the participant typed or tapped meanwhile waited for it
// to end (docs/performance.md, "A first paint that takes typing").
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  await import('react-dom/client');
  await nextTask();
  await import('@mantine/core');
  await nextTask();
  await import('./bootstrap');
}

void boot();
