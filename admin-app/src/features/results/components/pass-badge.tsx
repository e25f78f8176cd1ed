import classes from './results.module.css';

/** Passed (50% or more) in green, failed in red: Mantine's light badge, drawn without its component. */
export function PassBadge({ passed }: { passed: boolean }) {
  return (
    <span className={`${classes.badge} ${passed ? classes.passed : classes.failed}`}>
      {passed ? 'Passed' : 'Failed'}
    </span>
  );
}
