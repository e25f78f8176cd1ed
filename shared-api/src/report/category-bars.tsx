import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import type { Performance } from '../contract/results';
import type { ReportCategory } from '../contract/reports';
import { CommentText } from './comment-text';
import classes from './report-document.module.css';

// The categories as a bar chart drawn in SVG: it prints as drawn (fills, unlike CSS backgrounds,
// are not dropped with "background graphics" off) and costs the participant's screen no chart
// library. Each bar carries its percent and band in text, so nothing is told by colour alone.

/** The band boundaries of spec section 9: Low below 25, Average 25 to 75, High above 75. */
export const bandBoundaries = [25, 75] as const;

/** Fill of a band's bar, dark enough to tell apart in greyscale print too. */
export const bandColours: Record<Performance, string> = {
  Low: '#c92a2a',
  Average: '#e8890c',
  High: '#2b8a3e',
};

const bandMeaning: Record<Performance, string> = {
  Low: 'below 25%',
  Average: '25% to 75%',
  High: 'above 75%',
};

/** The three bands with their colours and ranges, once above the bars. */
export function BandLegend() {
  return (
    <ul className={classes.legend} aria-label="Bands">
      {(Object.keys(bandColours) as Performance[]).map((band) => (
        <li key={band}>
          <span className={classes.swatch} style={{ background: bandColours[band] }} aria-hidden="true" />
          {band}: {bandMeaning[band]}
        </li>
      ))}
    </ul>
  );
}

/** One bar: the percent filled in its band's colour, over the track with the boundaries marked. */
function Bar({ category }: { category: ReportCategory }) {
  const percent = Math.min(100, Math.max(0, category.percent));
  return (
    <div className={classes.chart}>
      <svg
        className={classes.bar}
        viewBox="0 0 100 10"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${category.categoryName}: ${category.percent}%, ${category.performance}`}
      >
        <rect
          x="0"
          y="0"
          width="100"
          height="10"
          fill="#f1f3f5"
          stroke="#adb5bd"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        <rect x="0" y="0" width={percent} height="10" fill={bandColours[category.performance]} />
        {bandBoundaries.map((at) => (
          <line
            key={at}
            x1={at}
            x2={at}
            y1="0"
            y2="10"
            stroke="#212529"
            strokeWidth="1.5"
            strokeDasharray="2 2"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      {bandBoundaries.map((at) => (
        <span key={at} className={classes.tick} style={{ left: `${at}%` }} aria-hidden="true">
          {at}
        </span>
      ))}
    </div>
  );
}

interface CategoryBarsProps {
  categories: readonly ReportCategory[];
  commentOf: (categoryName: string) => string | undefined;
  renderComment?: (categoryName: string) => ReactNode;
}

/** Every category: its name, bar, percent and band, figures, place in the cohort and comment. */
export function CategoryBars({ categories, commentOf, renderComment }: CategoryBarsProps) {
  return (
    <ul className={classes.categories}>
      {categories.map((category) => (
        <li key={category.categoryName} className={classes.category} data-testid="report-category">
          <div className={classes.categoryHead}>
            <Title order={3} size="h5">
              {category.categoryName}
            </Title>
            {/* The bar's own label says the same to a screen reader. */}
            <span className={classes.barLabel} aria-hidden="true">
              {category.percent}% · {category.performance}
            </span>
          </div>
          <Bar category={category} />
          <Text size="sm">
            {category.correctAnswer} of {category.totalAnswers} correct. Higher than {category.percentile}% of
            participants.
          </Text>
          {renderComment ? (
            renderComment(category.categoryName)
          ) : (
            <CommentText
              text={commentOf(category.categoryName)}
              label={`Doctor's comment on ${category.categoryName}`}
              caption="Doctor's comment"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
