import type { ReactNode } from 'react';

/** One labelled fact: a term and its value (the value's test id for the journeys). */
export type Fact = { key: string; label: ReactNode; value: ReactNode; testId?: string };

/**
 * Labelled facts read as a description list (a product's terms, an order's figures). Entries that
 * are not facts (null, false, '') are left out, so callers can write conditional lines inline.
 * `className` adds the module's own layout class beside the shared `ob-facts`.
 */
export function Facts({
  facts,
  label,
  className,
}: {
  facts: ReadonlyArray<Fact | null | false | '' | undefined>;
  label?: string;
  className: string;
}) {
  return (
    <dl className={`ob-facts ${className}`} aria-label={label}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}
