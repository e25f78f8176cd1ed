/**
 * jsdom does no layout, so recharts' ResponsiveContainer measures 0×0 and warns on every render:
 * for the tests of a file that renders the overview's charts, that one warning is dropped.
 */
export function ignoreChartSizeWarnings() {
  beforeEach(() => {
    const warn = console.warn;
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes('of chart should be greater than 0')) return;
      warn(...args);
    });
  });
}
